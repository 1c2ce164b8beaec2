import { config } from 'zod';

// Zod compiles its object parsers with `new Function` when it may. The site's Content-Security-Policy
// forbids that, and Chromium reports Zod's probe for it as a policy violation on every page with a
// form (an issue in the console and in Lighthouse). The browser's parsers run without compiling.
// Imported first by the entries, before any schema module is evaluated.
config({ jitless: true });
