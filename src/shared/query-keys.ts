/**
 * The keys of the answers a page's query cache holds for the public pages: the server's render puts
 * them there (src/server/plugins/live-pages.ts), the pages ask with them. Kept apart from the schemas
 * (src/shared/schemas/) so that a page reading one does not load and build zod's schemas with it.
 */

/** GET /api/public-config. */
export const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const;
/** GET /api/catalogue. */
export const CATALOGUE_QUERY_KEY = ['catalogue'] as const;
/** GET /api/content. */
export const CONTENT_QUERY_KEY = ['content'] as const;
