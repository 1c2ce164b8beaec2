/**
 * Import `test` and `expect` from here, not from @playwright/test:
 * - every page fails its test on a console error, an uncaught exception or a Content-Security-Policy
 *   violation. A test that expects a particular console error (e.g. the widget's logged API failure)
 *   lists a pattern for it with `allowConsoleErrors`;
 * - each worker runs its own app server (a free port, its own temporary DATA_DIR with an embedded
 *   database, its own SMTP sink), so tests in parallel never see each other's students, admin
 *   activity, recent sign-ups or per-address rate limits. `baseURL` points at it. The project's (or a
 *   file's) `serverEnv` adds settings, e.g. STUDENT_LOGIN=email.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_CATALOGUE, paymentAmountPence, type CourseType, type PaymentType } from '@shared/catalogue';
import { admin, SERVER_START_TIMEOUT_MS, startAppServer } from './app-server';
import { startSmtpSink } from './smtp-sink';

export { admin };

interface AppServer {
  url: string;
  /** Where this server's SMTP sink writes the emails it receives. */
  mailDir: string;
}

export const test = base.extend<
  { allowConsoleErrors: RegExp[]; consoleErrors: string[] },
  { serverEnv: Record<string, string>; appServer: AppServer }
>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  appServer: [
    async ({ serverEnv }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-e2e-data-'));
      const mailDir = mkdtempSync(path.join(tmpdir(), 'vbr-e2e-mail-'));
      const sink = await startSmtpSink(mailDir);
      try {
        const server = await startAppServer(dataDir, { ...serverEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
        try {
          // Read by student-login.ts (this worker's process only).
          process.env.E2E_SMTP_DIR = mailDir;
          await use({ url: server.url, mailDir });
        } finally {
          await server.stop();
        }
      } finally {
        await sink.close();
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(mailDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      // The browser blocks what the Content-Security-Policy forbids without a console error when the
      // page catches it (Zod's probe for `new Function` did): the violation event reports it.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile}:${event.lineNumber}`),
        ),
      );
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A purchase's catalogue price as the site prints it: priceText('combined', 'pro') → "£224.99". */
export function priceText(type: PaymentType, course?: CourseType): string {
  return `£${(paymentAmountPence(DEFAULT_CATALOGUE, type, course) / 100).toFixed(2)}`;
}

/** Signs in through the /admin/login form (the worker's e2e admin unless told); the caller checks where it lands. */
export async function signInToAdmin(page: Page, credentials: { username: string; password: string } = admin) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
}

/** An admin bearer token through the real login API (for setting up data in journeys). */
export async function adminApiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.ok(), `admin login: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A course start date already passed, so the student's stages are open. */
const STARTED_COURSE_START_DATE = '2026-03-01';

/** Moves a student's course start date through the admin API (stages open on that day). */
export async function moveCourseStart(
  request: APIRequestContext,
  studentId: string,
  date: string = STARTED_COURSE_START_DATE,
): Promise<void> {
  const res = await request.put(`/api/admin/students/${studentId}/start-date`, {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { course_start_date: date },
  });
  expect(res.ok(), `start date: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** A unique email for a test student. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A student set up through the real HTTP API: registration, optionally a course choice (the first
 * intake) and an offline card payment with Square's always-approved test token.
 */
export async function enrolStudentViaApi(
  request: APIRequestContext,
  options: {
    pay: 'none' | PaymentType;
    course?: CourseType;
    firstName?: string;
    lastName?: string;
    email?: string;
    /** More of step 1's answers, e.g. `{ show_in_recent_signups: true, town: 'Leeds' }`. */
    registration?: Record<string, unknown>;
  },
): Promise<{ id: string; email: string; token: string; student: Record<string, unknown> | null }> {
  const email = options.email ?? uniqueEmail('student');
  const registration = await request.post('/api/students', {
    data: {
      first_name: options.firstName ?? 'Ada',
      last_name: options.lastName ?? 'Lovelace',
      email,
      phone: '',
      referral_code: '',
      ...options.registration,
    },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  const { id, token } = (await registration.json()) as { id: string; token: string };
  const headers = { Authorization: `Bearer ${token}` };
  if (options.course) {
    const { schedule } = (await (await request.get('/api/course-dates')).json()) as {
      schedule: { start_date: string; full: boolean }[];
    };
    const open = schedule.find((entry) => !entry.full);
    const selection = await request.post(`/api/students/${id}/course-selection`, {
      headers,
      data: { student_id: id, course_type: options.course, course_start_date: open?.start_date },
    });
    expect(selection.ok(), await selection.text()).toBeTruthy();
  }
  let student: Record<string, unknown> | null = null;
  if (options.pay !== 'none') {
    const payment = await request.post('/api/square/create-payment', {
      headers,
      data: {
        source_id: 'cnon:card-nonce-ok',
        student_id: id,
        amount: paymentAmountPence(DEFAULT_CATALOGUE, options.pay, options.course) / 100,
        currency: 'GBP',
        payment_type: options.pay,
        description: 'e2e set-up',
        idempotency_key: randomUUID(),
        terms_accepted: true,
      },
    });
    expect(payment.ok(), await payment.text()).toBeTruthy();
    student = ((await payment.json()) as { student: Record<string, unknown> }).student;
  }
  return { id, email, token, student };
}
