/**
 * Signing a student in through /student-login in the server's mode, which the Playwright project
 * names in its metadata (playwright.config.ts):
 * - `code` (the default): the code is read from the emails the test SMTP server received
 *   (the worker's SMTP sink, e2e/smtp-sink.ts, writes them to E2E_SMTP_DIR: e2e/fixtures.ts);
 * - `email`: the seed's one-step login, the email alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

const mailDir = () => process.env.E2E_SMTP_DIR!;

type ParsedMail = Awaited<ReturnType<typeof simpleParser>>;

/**
 * What `pick` finds in the newest `template` email to `email` that has it, waiting for the outbox
 * worker; `since` skips older emails.
 */
async function readNewestMail(
  email: string,
  template: string,
  pick: (mail: ParsedMail) => string | undefined,
  { since = 0, timeoutMs = 30_000 } = {},
): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
    } catch {
      // no email written yet
    }
    const found: Array<{ at: number; value: string }> = [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(mailDir(), file)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (mail.headers.get('x-vbr-template') !== template || to?.toLowerCase() !== email.toLowerCase()) continue;
      const at = mail.date?.getTime() ?? 0;
      const value = pick(mail);
      if (value && at >= since - 1000) found.push({ at, value });
    }
    found.sort((a, b) => b.at - a.at);
    if (found[0]) return found[0].value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${template} email for ${email} in ${mailDir()}`);
}

/** The code of the newest login-code email to `email` received after `since`, waiting for the outbox worker. */
export function readLoginCode(email: string, since: number, timeoutMs = 30_000): Promise<string> {
  return readNewestMail(email, 'login-code', (mail) => /\b(\d{6})\b/.exec(mail.subject ?? '')?.[1], {
    since,
    timeoutMs,
  });
}

/** Step 1 the email, then (STUDENT_LOGIN=code) step 2 the code from the email. */
export async function signInStudent(page: Page, email: string, typed: string = email): Promise<void> {
  await page.goto('/student-login');
  await page.getByLabel('Email address').fill(typed);
  const since = Date.now();
  await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
  if (test.info().project.metadata.studentLogin === 'email') return;
  await expect(page.getByText(`We sent a 6-digit code to ${typed}`)).toBeVisible();
  const code = await readLoginCode(email, since);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** `signInStudent` with the address typed in capitals: it is matched whatever its case. */
export const signInStudentInCapitals = (page: Page, email: string) => signInStudent(page, email, email.toUpperCase());

/**
 * The one-time sign-in link (`/student-login?link=…`, as a path on this server) in the newest `template`
 * email to `email`, waiting for the outbox worker.
 */
export async function readSignInLink(email: string, template = 'payment-receipt', timeoutMs = 30_000): Promise<string> {
  const secret = await readNewestMail(
    email,
    template,
    (mail) => /\/student-login\?link=([\w-]+)/.exec(`${mail.text ?? ''} ${mail.html || ''}`)?.[1],
    { timeoutMs },
  );
  return `/student-login?link=${secret}`;
}
