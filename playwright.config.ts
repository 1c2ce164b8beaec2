/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the
 * real server, started on a free port with a temporary DATA_DIR (embedded PGlite) and a known admin.
 * Run `npm run build` first (npm run test:e2e does).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import getPort from 'get-port';

// Workers inherit the environment, so the port and data dir are chosen once.
process.env.E2E_PORT ??= String(await getPort({ host: '127.0.0.1' }));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'vbr-e2e-'));
process.env.E2E_ADMIN_USERNAME ??= 'e2e-admin';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-123';

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The browser tests register many students from one address.
      REGISTRATION_RATE_LIMIT: '100000',
      SQUARE_ENVIRONMENT: 'offline',
      COURSE_ACCESS_URL_FOUNDATION: 'https://example.com/course/foundation',
      COURSE_ACCESS_URL_PRO: 'https://example.com/course/pro',
      CPD_PROVIDER_NUMBER: 'CPD-E2E-12345',
    },
  },
});
