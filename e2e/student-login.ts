/**
 * Signing a student in through /student-login in the default mode (STUDENT_LOGIN=code): the e2e
 * server has no SMTP_URL, so the code is read from the `.eml` files it writes to DATA_DIR/mail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

const mailDir = () => path.join(process.env.E2E_DATA_DIR!, 'mail');

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

/** Step 1 the email, step 2 the code from the email. */
export async function logInWithCode(page: Page, email: string, typed: string = email): Promise<void> {
  await page.goto('/student-login');
  await page.getByLabel('Email address').fill(typed);
  const since = Date.now();
  await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${typed}`)).toBeVisible();
  const code = await readLoginCode(email, since);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
