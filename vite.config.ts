import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';

// react-router's package exports only its development build (dev warnings and checks included);
// the site ships its production build, the same code without them (docs/decisions/016).
const reactRouterProduction = path.join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

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
  // The SSR bundle includes its dependencies, so the prerender and the server's per-request render of
  // /verify/{id} run the same production builds (React Router's above) as the browser, and need
  // nothing from node_modules at run time.
  ssr: { noExternal: true },
  // React's CommonJS entries pick their build from NODE_ENV at run time, which the server does not
  // set: the SSR bundle fixes it, so it holds (and runs) only React's production builds.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
            // (docs/decisions/019). React's group comes first, so the router's does not take it with it.
            // Vite's preload helper too: in main.tsx's chunk, every chunk that imports it would list
            // main.tsx's stylesheet as its own and load it again on prerendered pages (where it is inlined).
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /vite\/preload-helper/, priority: 3 },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
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
