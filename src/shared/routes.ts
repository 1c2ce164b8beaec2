/**
 * The site's one route table (SPEC.md section 2): the router builds its routes from it, links are
 * made from it, and the server's SPA fallback matches against it (any other path is a 404 page).
 */
import { generatePath, matchRoutes } from 'react-router';

export const ROUTES = {
  home: '/',
  enrol: '/enroll',
  cancel: '/cancel',
  success: '/success',
  studentLogin: '/student-login',
  studentDashboard: '/student-dashboard',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  support: '/support',
  privacy: '/privacy',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  termsOfSale: '/terms-of-sale',
  certificateDemo: '/certificate-demo',
  verifyCertificate: '/verify/:certificateId',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Links to the pages, with their parameters and queries filled in. */
export const paths = {
  ...ROUTES,
  enrolCourseSelection: (course: 'foundation' | 'pro') => `${ROUTES.enrol}?step=course-selection&course=${course}`,
  verifyCertificate: (certificateId: string) => generatePath(ROUTES.verifyCertificate, { certificateId }),
} as const;

const routeObjects = Object.values(ROUTES).map((path) => ({ path }));

/** True when `pathname` is one of the app's pages (case-insensitive, trailing slash allowed). */
export function isAppRoute(pathname: string): boolean {
  return matchRoutes(routeObjects, pathname) !== null;
}

/** Public pages rendered to HTML at build time (docs/decisions/006-prerendering.md). */
export const PRERENDERED_PATHS = [
  ROUTES.home,
  ROUTES.support,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.certificateDemo,
] as const;

/** Files the prerender writes beside dist/client/index.html and the server reads. */
export const SPA_SHELL_FILE = 'spa-shell.html';
export const NOT_FOUND_FILE = '404.html';
