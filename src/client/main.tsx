// The self-hosted variable web font (Latin subset loads by unicode-range, font-display: swap): CSS and woff2, no JS.
import '@fontsource-variable/inter/wght.css';
import './styles.css';

// The landing page, where most visits start, has an entry of its own without the router, so its first
// load is smaller (docs/decisions/019); every other page starts the router app. The prerendered
// pages preload their entry's chunks (scripts/prerender.ts), so this choice adds no round trip.
// '/' is ROUTES.home (src/shared/routes.ts), written out: this module shares no code with the pages,
// or their chunks would list its stylesheet (inlined in prerendered pages) and load it a second time.
// The verification page (ROUTES.verifyCertificate, /verify/{id}), opened from a certificate's QR code,
// and the support page (ROUTES.support) have entries of their own too, which hydrate only their
// interactive parts.
function start() {
  const { pathname } = window.location;
  if (pathname === '/') void import('./landing-entry');
  else if (/^\/verify\/[^/]+\/?$/.test(pathname)) void import('./verify-entry');
  else if (/^\/support\/?$/.test(pathname)) void import('./support-entry');
  else void import('./router-entry');
}

// The server's HTML is painted before any of the app's JavaScript runs (docs/decisions/055): when the
// scripts are already there (cached, or a fast network), evaluating React and hydrating would
// otherwise hold the first paint back. The app starts once the browser reports that paint (at most
// 1 s on); at once on a page with nothing to paint yet (the SPA shell), in a hidden tab (it paints
// nothing) and in a browser that does not report paints.
function afterFirstPaint(run: () => void) {
  const hasPage = Boolean(document.getElementById('root')?.firstElementChild);
  const canTell =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  if (!hasPage || document.visibilityState === 'hidden' || !canTell) return run();
  const startNow = () => {
    observer.disconnect();
    clearTimeout(latest);
    run();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) startNow();
  });
  const latest = setTimeout(startNow, 1000);
  observer.observe({ type: 'paint', buffered: true });
}

// The SPA shell's loading frame (components/layout/app-loading.tsx, after #root) leaves once the app
// has drawn into #root: the observer runs before the next paint, so the two never show together.
function removeLoadingFrameOnceDrawn() {
  const frame = document.getElementById('app-loading');
  const root = document.getElementById('root');
  if (!frame || !root) return;
  const observer = new MutationObserver(() => {
    if (!root.firstElementChild) return;
    frame.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true });
}

removeLoadingFrameOnceDrawn();
afterFirstPaint(start);
