/**
 * The site's one route table (docs/product/public-pages.md): the router builds its routes from it, links are
 * made from it, and the server's SPA fallback matches against it (any other path is a 404 page).
 * It imports nothing: the landing page's entry, which has no router, reads it too (docs/decisions/019).
 */
export const ROUTES = {
  home: '/',
  enrol: '/enroll',
  cancel: '/cancel',
  success: '/success',
  studentLogin: '/student-login',
  studentDashboard: '/student-dashboard',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  /** A section of the admin area (its first tab), and one tab of it: docs/product/admin.md. */
  adminSection: '/admin/dashboard/:section',
  adminTab: '/admin/dashboard/:section/:tab',
  support: '/support',
  privacy: '/privacy',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  termsOfSale: '/terms-of-sale',
  certificateDemo: '/certificate-demo',
  verifyCertificate: '/verify/:certificateId',
  /** The confirmation page of an unsubscribe link (non-transactional e-mails). */
  unsubscribe: '/unsubscribe/:token',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Links to the pages, with their parameters and queries filled in. */
export const paths = {
  ...ROUTES,
  enrolCourseSelection: (course: 'foundation' | 'pro') => `${ROUTES.enrol}?step=course-selection&course=${course}`,
  verifyCertificate: (certificateId: string) =>
    ROUTES.verifyCertificate.replace(':certificateId', encodeURIComponent(certificateId)),
  unsubscribe: (token: string) => ROUTES.unsubscribe.replace(':token', encodeURIComponent(token)),
  adminSection: (section: string) => ROUTES.adminSection.replace(':section', section),
  adminTab: (section: string, tab: string) => ROUTES.adminTab.replace(':section', section).replace(':tab', tab),
} as const;

/**
 * The certificate ID of a /verify/{id} address as its page shows it (decoded, trimmed, in upper case;
 * an undecodable one as it is), or null for any other address.
 */
export function verifyPageCertificateId(pathname: string): string | null {
  const raw = /^\/verify\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (raw === undefined) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // Shown as typed: the page then says no certificate has it.
  }
  return id.trim().toUpperCase();
}

let routePatterns: RegExp[] | undefined;

/** True when `pathname` is one of the app's pages (case-insensitive, trailing slash allowed), as the router matches them. */
export function isAppRoute(pathname: string): boolean {
  // A `:parameter` is one non-empty path segment.
  routePatterns ??= Object.values(ROUTES).map(
    (path) => new RegExp(`^${path.replace(/\/$/, '').replace(/:[^/]+/g, '[^/]+')}/?$`, 'i'),
  );
  return routePatterns.some((pattern) => pattern.test(pathname));
}

/** Public pages rendered to HTML at build time (docs/decisions/006-prerendering.md). */
export const PRERENDERED_PATHS = [
  ROUTES.home,
  ROUTES.support,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.certificateDemo,
  ROUTES.studentLogin,
  ROUTES.enrol,
] as const;

export function isPrerenderedPath(pathname: string): pathname is (typeof PRERENDERED_PATHS)[number] {
  return (PRERENDERED_PATHS as readonly string[]).includes(pathname);
}

/** Files the prerender writes beside dist/client/index.html and the server reads. */
export const SPA_SHELL_FILE = 'spa-shell.html';
export const NOT_FOUND_FILE = '404.html';

/**
 * The certificate verification page is made per request (src/server/routes/certificates/verify-page.ts): the
 * build writes this frame, the page's document without its own head tags and content, and the server
 * fills the slots with the page rendered for the address's id and its answer. A dotfile, so it is not
 * served as a file of its own.
 */
export const VERIFY_FRAME_FILE = '.verify-page.html';
export const PAGE_FRAME_SLOTS = { head: '<!--page-head-->', body: '<!--page-body-->' } as const;

/**
 * The frame of each prerendered page, which the server renders again with the settings in force
 * (src/server/plugins/live-pages.ts): in a dot-folder, so no frame is served as a file of its own.
 */
export const pageFrameFile = (pathname: (typeof PRERENDERED_PATHS)[number]) =>
  `.frames/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

/** The <script type="application/json"> in which a page made per request brings its answers. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
