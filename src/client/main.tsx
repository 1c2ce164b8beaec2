// The self-hosted variable web font (Latin subset loads by unicode-range, font-display: swap): CSS and woff2, no JS.
import '@fontsource-variable/inter/wght.css';
import './styles.css';

// The landing page, where most visits start, has an entry of its own without the router, so its first
// load is smaller (docs/decisions/019); every other page starts the router app. The prerendered
// pages preload their entry's chunks (scripts/prerender.ts), so this choice adds no round trip.
// '/' is ROUTES.home (src/shared/routes.ts), written out: this module shares no code with the pages,
// or their chunks would list its stylesheet (inlined in prerendered pages) and load it a second time.
if (window.location.pathname === '/') void import('./landing-entry');
else void import('./router-entry');
