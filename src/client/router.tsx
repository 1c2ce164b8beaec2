/**
 * The route table. Each page is its own chunk, so the landing page does not ship the student or
 * admin code. Pages live in features/<area>/routes/ and compose that feature's components.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './components/layout/root-layout';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', lazy: page(() => import('./features/landing/routes/landing-page')) },
      { path: '/enroll', lazy: page(() => import('./features/enrolment/routes/enrol-page')) },
      { path: '/cancel', lazy: page(() => import('./features/enrolment/routes/enrol-page')) },
      { path: '/success', lazy: page(() => import('./features/enrolment/routes/success-page')) },
      { path: '/student-login', lazy: page(() => import('./features/student/routes/student-login-page')) },
      { path: '/student-dashboard', lazy: page(() => import('./features/student/routes/student-dashboard-page')) },
      { path: '/admin/login', lazy: page(() => import('./features/admin/routes/admin-login-page')) },
      { path: '/admin/dashboard', lazy: page(() => import('./features/admin/routes/admin-dashboard-page')) },
      { path: '/support', lazy: page(() => import('./features/support/routes/support-page')) },
      { path: '/privacy', lazy: page(() => import('./features/legal/routes/privacy-page')) },
      { path: '/privacy-policy', lazy: page(() => import('./features/legal/routes/privacy-page')) },
      { path: '/terms', lazy: page(() => import('./features/legal/routes/terms-page')) },
      { path: '/terms-of-sale', lazy: page(() => import('./features/legal/routes/terms-page')) },
      { path: '/certificate-demo', lazy: page(() => import('./features/certificates/routes/certificate-demo-page')) },
      { path: '/verify/:certificateId', lazy: page(() => import('./features/certificates/routes/verify-page')) },
      { path: '*', lazy: page(() => import('./components/layout/not-found-page')) },
    ],
  },
];
