import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';

// react-router's package exports only its development build (dev warnings and checks included);
// the site ships its production build, the same code without them (docs/decisions/016).
const reactRouterProduction = path.join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

// The browser app and its prerender run on Preact's React compatibility layer instead of React: a
// smaller runtime to fetch and evaluate before the first paint (docs/decisions/022). Both vite builds
// use it, so the prerendered HTML and the hydration come from the same renderer. The API server
// (tsx, emails rendered with @react-email) is not built by Vite and keeps React.
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// `vite build` builds the browser app into dist/client; `vite build --ssr` builds the prerender
// entry (src/client/entry-server.tsx) into dist/server for scripts/prerender.ts.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      ...Object.entries(pathAliases).map(([find, replacement]) => ({ find, replacement })),
      { find: /^react-router$/, replacement: reactRouterProduction },
    ],
  },
  // The prerender bundle includes its dependencies (Radix, React Router, …), or Node would load them
  // from node_modules with their own imports of the real React.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: '../../dist/server',
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: { input: 'src/client/entry-server.tsx' },
      }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: false,
        // Read by scripts/prerender.ts to preload each prerendered page's own chunks.
        manifest: true,
        rollupOptions: {
          output: {
            // The router in a chunk of its own, React in another: the bundler would otherwise put the
            // router, as code several pages share, into a chunk the landing page loads too
            // (docs/decisions/019). React's group (Preact, which stands in for it) comes first, so the
            // router's does not take it with it.
            // Vite's preload helper too: in main.tsx's chunk, every chunk that imports it would list
            // main.tsx's stylesheet as its own and load it again on prerendered pages (where it is inlined).
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /vite\/preload-helper/, priority: 3 },
                { name: 'react', test: /node_modules[\\/]preact[\\/]/, priority: 2 },
                { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
