import { config } from 'zod';

// Zod compiles its object parsers with `new Function` when it may. The site's Content-Security-Policy
// forbids that, and Chromium reports Zod's probe for it as a policy violation on every page with a
// form (an issue in the console and in Lighthouse). The browser's parsers run without compiling.
// Imported first by the router's entry, before any schema module is evaluated, and by the support
// page's contact form before it loads its schema.
config({ jitless: true });
