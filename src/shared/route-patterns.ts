/**
 * The app's routes (the same paths as src/client/router.tsx; a test keeps the two in step). The
 * server answers any other non-API path with status 404 and the SPA, which shows its not-found page.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/enroll',
  '/cancel',
  '/success',
  '/student-login',
  '/student-dashboard',
  '/admin/login',
  '/admin/dashboard',
  '/support',
  '/privacy',
  '/privacy-policy',
  '/terms',
  '/terms-of-sale',
  '/certificate-demo',
  '/verify/:certificateId',
] as const;

/** Public pages rendered to HTML at build time (docs/decisions/006-prerendering.md). */
export const PRERENDERED_PATHS = ['/', '/support', '/privacy', '/terms', '/certificate-demo'] as const;

const segments = (path: string) => path.split('/').filter(Boolean);

/** True when `pathname` matches one of the app's routes (a ':name' segment matches any one segment). */
export function isAppRoute(pathname: string): boolean {
  const actual = segments(pathname);
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const expected = segments(pattern);
    return (
      expected.length === actual.length &&
      expected.every((part, index) => part.startsWith(':') || part.toLowerCase() === actual[index].toLowerCase())
    );
  });
}

/** Files the prerender writes beside dist/client/index.html and the server reads. */
export const SPA_SHELL_FILE = 'spa-shell.html';
export const NOT_FOUND_FILE = '404.html';
