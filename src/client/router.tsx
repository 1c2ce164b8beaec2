/**
 * The router, built from the shared route table (src/shared/routes.ts). Each page is its own chunk,
 * so the landing page does not ship the student or admin code. Pages live in features/<area>/routes/
 * and compose that feature's components. A page whose chunk fails to load, or that throws, shows
 * RouteErrorPage.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteName } from '@shared/routes';
import { RootLayout } from './components/layout/root-layout';
import { RouteErrorPage } from './components/layout/route-error-page';

/**
 * A page's module. A prerendered page whose first render can differ from its HTML for some visitors
 * (what they saved in the browser, the address's query) exports `canHydrate`: when it answers false,
 * router-entry.tsx renders the page afresh instead of hydrating the HTML. A page whose prerendered
 * render rewrites its address as soon as it shows (the wizard names its step) exports `arrivalSearch`,
 * the query it writes; when the HTML is hydrated, router-entry.tsx writes it before the router starts.
 */
export interface PageHandle {
  canHydrate?: () => boolean;
  arrivalSearch?: () => string;
}
/**
 * `loader`: the router's, run as the page is entered, before it renders: it starts the queries the
 * page's first render would otherwise ask for only once it has drawn (it awaits none of them).
 */
type PageModule = () => Promise<{ default: ComponentType; loader?: () => null } & PageHandle>;

/** Every route of the table names its page here; the type makes a missing one a compile error. */
const PAGES: Record<RouteName, PageModule> = {
  home: () => import('./features/landing/routes/landing-page'),
  enrol: () => import('./features/enrolment/routes/enrol-page'),
  cancel: () => import('./features/enrolment/routes/enrol-page'),
  success: () => import('./features/enrolment/routes/success-page'),
  studentLogin: () => import('./features/student/routes/student-login-page'),
  studentDashboard: () => import('./features/student/routes/student-dashboard-page'),
  adminLogin: () => import('./features/admin/routes/admin-login-page'),
  adminDashboard: () => import('./features/admin/routes/admin-dashboard-page'),
  adminSection: () => import('./features/admin/routes/admin-dashboard-page'),
  adminTab: () => import('./features/admin/routes/admin-dashboard-page'),
  support: () => import('./features/support/routes/support-page'),
  privacy: () => import('./features/legal/routes/privacy-page'),
  privacyPolicy: () => import('./features/legal/routes/privacy-page'),
  terms: () => import('./features/legal/routes/terms-page'),
  termsOfSale: () => import('./features/legal/routes/terms-page'),
  certificateDemo: () => import('./features/certificates/routes/certificate-demo-page'),
  verifyCertificate: () => import('./features/certificates/routes/verify-page'),
  unsubscribe: () => import('./features/unsubscribe/routes/unsubscribe-page'),
};

/** A page with the query cache around it (loaded with the page's own chunk). */
const page = (load: PageModule) => async () => {
  const [{ default: Page, canHydrate, arrivalSearch, loader }, { WithQueryClient }] = await Promise.all([
    load(),
    import('./lib/query-client'),
  ]);
  const handle: PageHandle = { canHydrate, arrivalSearch };
  return {
    handle,
    ...(loader && { loader }),
    Component: () => (
      <WithQueryClient>
        <Page />
      </WithQueryClient>
    ),
  };
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    // Errors of the layout itself.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that fails (its chunk does not load, or it throws) shows the error inside the layout.
        errorElement: <RouteErrorPage />,
        children: [
          ...(Object.keys(ROUTES) as RouteName[]).map((name) => ({
            path: ROUTES[name],
            lazy: page(PAGES[name]),
          })),
          { path: '*', lazy: page(() => import('./components/layout/not-found-page')) },
        ],
      },
    ],
  },
];
