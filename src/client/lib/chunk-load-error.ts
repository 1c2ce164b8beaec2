/**
 * True when `error` is a failed `import()` of one of the app's chunks: typically a tab opened
 * before a deploy asking for hashed files the new build no longer has, or the network dropping.
 * Browsers word it differently: Chromium "Failed to fetch dynamically imported module", Firefox
 * "error loading dynamically imported module", Safari "Importing a module script failed"; Vite's
 * preloader "Unable to preload CSS for".
 */
const CHUNK_LOAD_FAILED =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
}
