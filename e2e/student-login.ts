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

/** The code of the newest login-code email to `email` received after `since`, waiting for the outbox worker. */
export async function readLoginCode(email: string, since: number, timeoutMs = 30_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
    } catch {
      // no email written yet
    }
    const codes: Array<{ at: number; code: string }> = [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(mailDir(), file)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (mail.headers.get('x-vbr-template') !== 'login-code' || to?.toLowerCase() !== email.toLowerCase()) continue;
      const at = mail.date?.getTime() ?? 0;
      const code = /\b(\d{6})\b/.exec(mail.subject ?? '')?.[1];
      if (code && at >= since - 1000) codes.push({ at, code });
    }
    codes.sort((a, b) => b.at - a.at);
    if (codes[0]) return codes[0].code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no login code for ${email} in ${mailDir()}`);
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

/**
 * The one-time sign-in link (`/student-login?link=…`, as a path on this server) in the newest `template`
 * email to `email`, waiting for the outbox worker.
 */
export async function readSignInLink(email: string, template = 'payment-receipt', timeoutMs = 30_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
    } catch {
      // no email written yet
    }
    const links: Array<{ at: number; link: string }> = [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(mailDir(), file)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (mail.headers.get('x-vbr-template') !== template || to?.toLowerCase() !== email.toLowerCase()) continue;
      const secret = /\/student-login\?link=([\w-]+)/.exec(`${mail.text ?? ''} ${mail.html || ''}`)?.[1];
      if (secret) links.push({ at: mail.date?.getTime() ?? 0, link: `/student-login?link=${secret}` });
    }
    links.sort((a, b) => b.at - a.at);
    if (links[0]) return links[0].link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${template} email with a sign-in link for ${email} in ${mailDir()}`);
}
