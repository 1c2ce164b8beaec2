import { useRouteError } from 'react-router';
import { Button } from '@client/components/ui/button';
import { isChunkLoadError } from '@client/lib/chunk-load-error';
import { paths } from '@shared/routes';
import { PageMeta, SITE_TITLE } from './page-meta';

/**
 * The router's error boundary (router.tsx). A page whose code no longer loads (a deploy replaced
 * the hashed files this tab knows about) asks for a reload, which fetches the new build; any other
 * error gets a short apology and a way home. Part of the entry chunk: it must show even when no
 * further chunk can be fetched.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const updated = isChunkLoadError(error);
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <PageMeta title={SITE_TITLE} />
      {updated ? (
        <>
          <h1 className="text-3xl font-bold">This page has been updated</h1>
          <p className="text-slate-600">A new version of the site is available. Reload to continue.</p>
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="text-slate-600">Sorry, this page could not be shown. Please try again in a moment.</p>
          {/* A full page load: whatever broke this page does not come along. */}
          <a href={paths.home} className="font-semibold text-brand-700 underline">
            Return to Home
          </a>
        </>
      )}
    </main>
  );
}
