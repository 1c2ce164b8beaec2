/**
 * End-to-end tests in Debian's headless Chromium (/usr/bin/chromium-headless-shell, never a downloaded
 * browser; docs/decisions/041) against the
 * real server. Run `npm run build` first (npm run test:e2e does).
 *
 * Every test may run in parallel with any other: each worker starts its own app server (a free port,
 * a temporary DATA_DIR with an embedded database, a known admin, its own test SMTP server), in
 * e2e/fixtures.ts and e2e/app-server.ts. Two projects:
 * - `chromium`: every journey (STUDENT_LOGIN=code);
 * - `email-login`: the sign-in itself and the session it starts, again with the one-step
 *   STUDENT_LOGIN=email, the admin Emails journey and the sign-in copy check. What a signed-in student
 *   does next (the dashboard's uploads, stages, certificates) does not depend on how they signed in
 *   and runs once, in `chromium`.
 * The servers send their emails over SMTP to the test server (smtp-sink.ts), where the sign-in helper
 * reads the codes and which refuses `bounce-…` recipients for a while.
 */
import { defineConfig } from '@playwright/test';

// `serverEnv`: a worker option of e2e/fixtures.ts, settings added to the app server's environment.
export default defineConfig<object, { serverEnv: Record<string, string> }>({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/app-server.ts',
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of the
    // end. The trace's screencast is left out: recording it cost a fifth of the lane's CPU on every
    // passing test (docs/perf/test-suite.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium-headless-shell',
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
    {
      name: 'chromium',
      testIgnore: ['admin-emails.spec.ts', 'admin-id-retention.spec.ts'],
      metadata: { studentLogin: 'code' },
    },
    {
      name: 'email-login',
      testMatch: [
        'student-sign-in.spec.ts',
        'student-session.spec.ts',
        'admin-emails.spec.ts',
        'admin-id-retention.spec.ts',
        'sign-in-copy.spec.ts',
      ],
      metadata: { studentLogin: 'email' },
      use: {
        serverEnv: {
          STUDENT_LOGIN: 'email',
          // Retries within seconds, so a refused email reaches `failed` during the journey.
          EMAIL_RETRY_FIRST_MS: '5',
          // Decided ID documents are deleted within a second, so the admin sees the retention note.
          ID_DOCUMENT_RETENTION_DAYS: '0',
          ID_DOCUMENT_RETENTION_CHECK_MS: '500',
        },
      },
    },
  ],
});
