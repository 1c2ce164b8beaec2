import { Spinner } from '@client/components/ui/spinner';
import { messages } from '@shared/messages';
import { BrandLink } from './brand-shell';

/**
 * The SPA shell's loading frame (scripts/prerender.ts puts it after #root): the pages that are not
 * rendered by the server (the student dashboard, the admin area) show the brand and a spinner at the
 * first paint instead of a blank screen while their code arrives. It is plain HTML, never hydrated:
 * main.tsx removes it as soon as the app has drawn anything into #root.
 */
export function AppLoading() {
  return (
    <div id="app-loading">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <BrandLink />
        </div>
      </header>
      <Spinner label={messages.common.loadingPage} />
    </div>
  );
}
