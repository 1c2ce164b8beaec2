/** The import aliases of tsconfig.base.json, for Vite and Vitest (tsx and Playwright read tsconfig). */
import path from 'node:path';

const root = import.meta.dirname;

export const pathAliases = {
  '@client': path.join(root, 'src/client'),
  '@server': path.join(root, 'src/server'),
  '@shared': path.join(root, 'src/shared'),
};
