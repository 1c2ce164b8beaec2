import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The architecture, checked on every lint (docs/decisions/009-architecture.md):
 * - client and server never import each other; shared imports neither;
 * - the server's layers, each importing only the ones below it, never back:
 *     main.ts, app.ts, start-up.ts, fastify-options.ts, cli/   (assembly)
 *     plugins/ → routes/                                       (HTTP: routes use the plugins' guards)
 *     jobs/                                                    (background work)
 *     domain/                                                  (the rules)
 *     infrastructure, named by technology: db/ auth/ crypto/ square/ mail/ pdf/ logging/ redis/
 *     storage/ and config.ts, paths.ts, errors.ts
 *   so plugins never import routes, and the domain takes the actor (domain/actor.ts) as a value;
 * - only routes (and the client) use the wire schemas of src/shared/schemas;
 * - no client feature imports another feature;
 * - no import cycles.
 */
const server = (path) => `./src/server/${path}`;
const infrastructure = [
  ...['db', 'auth', 'crypto', 'square', 'mail', 'pdf', 'logging', 'redis', 'storage'],
  ...['config.ts', 'paths.ts', 'errors.ts'],
].map(server);
const assembly = ['main.ts', 'app.ts', 'start-up.ts', 'fastify-options.ts', 'cli'].map(server);
const http = [server('plugins'), server('routes')];
const features = readdirSync('src/client/features');

const zones = [
  { target: './src/client', from: './src/server', message: 'The browser app never imports server code.' },
  { target: './src/server', from: './src/client', message: 'The server never imports browser code.' },
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'Shared code imports neither side.' },
  {
    target: [...http, server('jobs'), server('domain'), ...infrastructure],
    from: assembly,
    message: 'Only the assembly (main.ts, app.ts, start-up.ts, the commands) imports the assembly.',
  },
  {
    target: server('plugins'),
    from: server('routes'),
    message: 'Plugins sit below the routes: a route registers itself from routes/, not from a plugin.',
  },
  {
    target: [server('jobs'), server('domain'), ...infrastructure],
    from: http,
    message:
      'Below the HTTP layer nothing imports it: take the actor (domain/actor.ts) and plain values as parameters.',
  },
  {
    target: [server('domain'), ...infrastructure],
    from: server('jobs'),
    message: 'Jobs call the domain; the domain and the infrastructure never call a job.',
  },
  {
    target: infrastructure,
    from: server('domain'),
    message: 'Infrastructure does not depend on the domain: the domain calls it, with values it defines.',
  },
  {
    target: [server('domain'), server('jobs'), ...infrastructure],
    from: './src/shared/schemas',
    message: 'Wire schemas belong to routes and the client; the domain takes and returns domain types.',
  },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to components/ or lib/.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'release', 'node_modules', 'data', 'test-results', 'playwright-report', 'drizzle', '.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'src/client/tsconfig.json', 'src/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // A cycle runs through our own files only: not following imports into packages keeps this rule
      // from parsing their type declarations, most of its cost.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The shared code runs in both the browser and Node: no node:* imports (and its tsconfig has no DOM).
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*'] }] },
  },
  {
    // The domain knows no HTTP: no Fastify types or plugins; it throws DomainError (src/server/errors.ts).
    files: ['src/server/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'],
              message: 'Domain code never uses Fastify: take plain values, throw DomainError (src/server/errors.ts).',
            },
          ],
        },
      ],
    },
  },
);
