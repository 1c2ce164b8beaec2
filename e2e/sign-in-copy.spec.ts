/**
 * The words about signing in follow the running mode (STUDENT_LOGIN, the project's metadata): no page
 * and no email a student sees mentions a way of signing in the server does not use, and the FAQ and
 * the wizard's last step explain the one it does. Runs in both projects (playwright.config.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { enrolStudentViaApi, expect, test } from './fixtures';
import { signInStudent } from './student-login';

/** How each mode is described; a text mentioning the other mode's way contradicts the product. */
const describes = {
  code: /\b(sign-in|login|6-digit|one-time) code\b|\bcode (we|that we) (email|send)|enter (the|your) code/i,
  email:
    /\bemail( address)? (alone|only)\b|signs? you in straight away|log in to your student dashboard with your email address\./i,
} as const;

const expected = {
  code: 'We email you a 6-digit sign-in code to type in',
  email: 'That signs you in straight away',
} as const;

/** The page's visible and hidden text (closed FAQ answers too), its title and its labels. */
function pageCopy(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE') parts.push(node.textContent ?? '');
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder]'))) {
      parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '');
    }
    return parts.join('\n');
  });
}

test('pages and emails describe only the sign-in the server uses', async ({ page, request }) => {
  test.setTimeout(120_000);
  const mode = test.info().project.metadata.studentLogin as 'code' | 'email';
  const other = mode === 'code' ? 'email' : 'code';
  const enrolled = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Copy' });
  const paid = await enrolStudentViaApi(request, { pay: 'combined', course: 'pro', firstName: 'Copy' });
  const contradictions: string[] = [];
  const check = (where: string, text: string) => {
    const match = describes[other].exec(text);
    if (match) contradictions.push(`${where}: "…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…"`);
  };

  for (const path of ['/', '/student-login', '/enroll', '/success']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    check(path, await pageCopy(page));
  }
  // The FAQ's answer once the page knows the mode.
  await page.goto('/support');
  const answer = page.locator('details').filter({ hasText: 'How do I log in to my dashboard?' });
  await answer.locator('summary').click();
  await expect(answer).toContainText(expected[mode]);
  check('/support', await pageCopy(page));

  // Step 5 of the wizard, after the enrolment fee.
  await page.evaluate((session) => localStorage.setItem('student_data', JSON.stringify(session)), {
    token: enrolled.token,
    student: {
      id: enrolled.id,
      email: enrolled.email,
      first_name: 'Copy',
      last_name: 'Lovelace',
      enrollment_paid: true,
      course_paid: false,
    },
  });
  await page.goto('/enroll?step=confirmation');
  const nextSteps = page.getByRole('region', { name: 'Next steps' });
  await expect(nextSteps).toContainText(mode === 'code' ? 'and the 6-digit code we email you' : 'alone');
  check('step 5', await pageCopy(page));

  // Signing in, and the dashboard.
  await page.evaluate(() => localStorage.removeItem('student_data'));
  await signInStudent(page, paid.email);
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Copy!' })).toBeVisible();
  check('/student-dashboard', await pageCopy(page));

  // Every email this server sent: subject, text and HTML.
  const dir = process.env.E2E_SMTP_DIR!;
  const files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  expect(files.length, 'emails received').toBeGreaterThan(0);
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    const where = `email "${mail.subject}"`;
    check(where, `${mail.subject}\n${mail.text ?? ''}`);
    check(where, (mail.html || '').replace(/<[^>]+>/g, ' '));
  }
  expect(contradictions, `copy that describes the ${other} sign-in`).toEqual([]);
});
