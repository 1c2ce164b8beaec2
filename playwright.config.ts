/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the
 * real server, started on a free port with a temporary DATA_DIR (embedded PGlite) and a known admin.
 * Run `npm run build` first (npm run test:e2e does).
 *
 * Two projects, each with its own server:
 * - `chromium`: every journey against the default server (STUDENT_LOGIN=code);
 * - `email-login`: the wizard, admin, certificate and dashboard journeys again against a server with
 *   the one-step STUDENT_LOGIN=email, and the admin Emails journey.
 * Both send their emails over SMTP to a test server (smtp-sink.ts), where the sign-in helper reads
 * the codes and which refuses `bounce-…` recipients for a while.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import getPort from 'get-port';

// Workers inherit the environment, so the port and data dir are chosen once.
process.env.E2E_PORT ??= String(await getPort({ host: '127.0.0.1' }));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'vbr-e2e-'));
process.env.E2E_EMAIL_PORT ??= String(await getPort({ host: '127.0.0.1' }));
process.env.E2E_EMAIL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'vbr-e2e-email-'));
process.env.E2E_SMTP_PORT ??= String(await getPort({ host: '127.0.0.1' }));
process.env.E2E_SMTP_DIR ??= mkdtempSync(path.join(tmpdir(), 'vbr-e2e-smtp-'));
process.env.E2E_ADMIN_USERNAME ??= 'e2e-admin';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-123';

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const emailLoginURL = `http://127.0.0.1:${process.env.E2E_EMAIL_PORT}`;

/** The settings both servers share. */
const serverEnv = {
  HOST: '127.0.0.1',
  ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  EMAIL_POLL_MS: '200',
  // The browser tests register many students from one address.
  REGISTRATION_RATE_LIMIT: '100000',
  SQUARE_ENVIRONMENT: 'offline',
  COURSE_ACCESS_URL_FOUNDATION: 'https://example.com/course/foundation',
  COURSE_ACCESS_URL_PRO: 'https://example.com/course/pro',
  CPD_PROVIDER_NUMBER: 'CPD-E2E-12345',
};
const server = {
  command: 'node_modules/.bin/tsx src/server/main.ts',
  timeout: 90_000,
  reuseExistingServer: false,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** Journeys that must work in both STUDENT_LOGIN modes. */
const bothLoginModes = [
  'enrolment-wizard.spec.ts',
  'admin-dashboard.spec.ts',
  'admin-payments.spec.ts',
  'certificates-journey.spec.ts',
  'student-dashboard.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/smtp-sink.ts',
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
  projects: [
    { name: 'chromium', testIgnore: ['admin-emails.spec.ts'], metadata: { studentLogin: 'code' } },
    {
      name: 'email-login',
      testMatch: [...bothLoginModes, 'admin-emails.spec.ts'],
      use: { baseURL: emailLoginURL },
      metadata: { studentLogin: 'email' },
    },
  ],
  webServer: [
    {
      ...server,
      url: `${baseURL}/api/health`,
      env: { ...serverEnv, PORT: process.env.E2E_PORT, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL },
    },
    {
      ...server,
      url: `${emailLoginURL}/api/health`,
      env: {
        ...serverEnv,
        PORT: process.env.E2E_EMAIL_PORT,
        DATA_DIR: process.env.E2E_EMAIL_DATA_DIR,
        PUBLIC_URL: emailLoginURL,
        STUDENT_LOGIN: 'email',
        // Retries within seconds, so a refused email reaches `failed` during the journey.
        EMAIL_RETRY_FIRST_MS: '5',
        // Decided ID documents are deleted within a second, so the admin sees the retention note.
        ID_DOCUMENT_RETENTION_DAYS: '0',
        ID_DOCUMENT_RETENTION_CHECK_MS: '500',
      },
    },
  ],
});
