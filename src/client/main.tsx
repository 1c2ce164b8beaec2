// The self-hosted variable web font (Latin subset loads by unicode-range, font-display: swap): CSS and woff2, no JS.
import '@fontsource-variable/inter/wght.css';
import './styles.css';

// The landing page, where most visits start, has an entry of its own without the router, so its first
// load is smaller (docs/decisions/019); every other page starts the router app. The prerendered
// pages preload their entry's chunks (scripts/prerender.ts), so this choice adds no round trip.
// '/' is ROUTES.home (src/shared/routes.ts), written out: this module shares no code with the pages,
// or their chunks would list its stylesheet (inlined in prerendered pages) and load it a second time.
// The verification page (ROUTES.verifyCertificate, /verify/{id}), opened from a certificate's QR code,
// has an entry of its own too, which hydrates only its interactive parts.
const { pathname } = window.location;
if (pathname === '/') void import('./landing-entry');
else if (/^\/verify\/[^/]+\/?$/.test(pathname)) void import('./verify-entry');
else void import('./router-entry');
