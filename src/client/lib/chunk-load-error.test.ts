import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it("recognises each browser's failed dynamic import and Vite's failed CSS preload", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://example.com/assets/verify-page-BdUgyZ1E.js',
      'error loading dynamically imported module: https://example.com/assets/verify-page-BdUgyZ1E.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/index-Dh73WsiT.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
