/**
 * Places and the waitlist (docs/product/enrolment.md, "Places and the waitlist"), at a phone's and a
 * desktop's width: another student's unpaid hold fills a one-place date, which the wizard shows as
 * full with "Join the waitlist" (not gone); the visitor joins with the name and e-mail of step 1; the
 * owner sees the hold and the waitlist, then adds a place, and the visitor receives the `waitlist-place`
 * e-mail. Its own server runs the waitlist job every half second. A hold running out frees a place the
 * same way; test/enrolment/places.test.ts moves the app's clock past it instead of waiting here.
 */
import { openAdminTab } from './admin-nav';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { messages } from '@shared/messages';
import { isoDateAfter, scheduleEntryFor } from '@shared/schedule';
import { continueToStep, fillPersonalInfo } from './enrolment-helpers';
import { adminApiToken, enrolStudentViaApi, expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { TOASTS, expectNoAxeFindings, expectNoSidewaysScroll } from './page-checks';

test.use({ serverEnv: { WAITLIST_CHECK_MS: '500' } });

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The subjects of the `waitlist-place` e-mails to `email` the SMTP sink received, waiting up to `timeoutMs`. */
async function waitlistMail(email: string, timeoutMs: number): Promise<string> {
  const dir = process.env.E2E_SMTP_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      // no e-mail written yet
    }
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (mail.headers.get('x-vbr-template') === 'waitlist-place' && to?.toLowerCase() === email.toLowerCase())
        return mail.subject ?? '';
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no waitlist-place e-mail to ${email}`);
}

async function addCohort(request: APIRequestContext, date: string) {
  const res = await request.post('/api/admin/cohorts', {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { course_start_date: date, capacity: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Another student chooses the date (unpaid): their hold takes the one place (for COHORT_HOLD_MINUTES). */
async function holdPlace(request: APIRequestContext, date: string) {
  const holder = await enrolStudentViaApi(request, { pay: 'none' });
  const res = await request.post(`/api/students/${holder.id}/course-selection`, {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: { student_id: holder.id, course_type: 'foundation', course_start_date: date },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function toStepThree(page: Page, email: string) {
  await page.goto('/enroll');
  await fillPersonalInfo(page, email);
  await continueToStep(page, 'Choose Your Payment Option');
  const complete = page.getByRole('radio', { name: /Complete Package/ });
  await complete.click();
  await expect(complete).toBeChecked();
}

for (const [width, height, offset] of [
  [390, 844, 40],
  [1280, 800, 47],
] as const) {
  test(`at ${width} px a full date is shown full, the visitor joins its waitlist and is e-mailed when the owner adds a place`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const date = isoDateAfter(new Date(), isoDateAfter(new Date(), offset).endsWith('-01') ? offset + 1 : offset);
    const label = `${scheduleEntryFor(date).label} — starts ${longDate(date)}`;
    await addCohort(request, date);
    const ownerContext = await browser.newContext({ baseURL, viewport: { width, height } });
    const owner = await ownerContext.newPage();
    await signInToAdmin(owner);
    await expect(owner).toHaveURL(/\/admin\/dashboard$/);
    await page.setViewportSize({ width, height });
    const email = uniqueEmail('waitlist');
    await toStepThree(page, email);

    // Another student's unpaid hold fills it: listed full, not chosen, with its waitlist.
    await holdPlace(request, date);
    await continueToStep(page, 'Choose Your Course');
    await page.getByRole('radio', { name: /Foundation Course/ }).click();
    await page.getByRole('combobox', { name: 'Start Date' }).click();
    const option = page.getByRole('option', { name: label });
    await expect(option).toContainText(messages.enrolment.dateFull);
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    const full = page.getByTestId('full-date').filter({ hasText: longDate(date) });
    await expect(full).toContainText(messages.enrolment.dateFull);
    await expectNoAxeFindings(page, `step 3 with a full date at ${width} px`, { exclude: TOASTS });

    // Joining, by keyboard: the form knows who is enrolling.
    await full.getByRole('button', { name: messages.enrolment.waitlist.join }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: messages.enrolment.waitlist.joinFor(longDate(date)) });
    await expect(form.getByLabel(messages.enrolment.waitlist.firstName)).toHaveValue('Jane');
    await expect(form.getByLabel(messages.enrolment.waitlist.email)).toHaveValue(email);
    await expectNoAxeFindings(page, `the waitlist form at ${width} px`, { exclude: TOASTS });
    await expectNoSidewaysScroll(page, `the waitlist form at ${width} px`);
    await form.getByRole('button', { name: messages.enrolment.waitlist.submit }).click();
    await expect(page.getByTestId('waitlist-joined')).toHaveText(
      messages.enrolment.waitlist.joined(longDate(date), email),
    );
    await expectNoAxeFindings(page, `the waitlist confirmation at ${width} px`, { exclude: TOASTS });

    // The owner sees the hold and the waitlist.
    await openAdminTab(owner, 'Cohorts');
    const cohorts = owner.getByRole('tabpanel', { name: 'Cohorts' });
    const row = cohorts.getByTestId(width < 640 ? 'cohort-row-card' : 'cohort-row').filter({ hasText: longDate(date) });
    await expect(row.getByTestId('cohort-places')).toContainText('1 of 1');
    await expect(row.getByTestId('cohort-places')).toContainText('0 paid · 1 held');
    await expect(row).toContainText('Full');
    await row.getByRole('button', { name: `Waitlist (1) for ${longDate(date)}` }).click();
    const dialog = owner.getByRole('dialog', { name: messages.admin.cohortWaitlistTitle(longDate(date)) });
    await expect(dialog.getByTestId('cohort-waitlist')).toContainText(`Jane · ${email}`);
    await expect(dialog.getByTestId('cohort-waitlist')).toContainText('waiting');
    await expectNoAxeFindings(owner, `the waitlist dialog at ${width} px`, { exclude: TOASTS });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The owner adds a place: it is offered to the visitor by e-mail, and kept for them.
    await row.getByLabel(`Capacity of ${longDate(date)}`).fill('2');
    await row.getByRole('button', { name: `Save capacity of ${longDate(date)}` }).click();
    const subject = await waitlistMail(email, 30_000);
    expect(subject).toBe(messages.email.waitlistPlaceSubject(longDate(date)));
    await owner.reload();
    await openAdminTab(owner, 'Cohorts');
    await expect(row.getByTestId('cohort-places')).toContainText('2 of 2');
    await expect(row.getByTestId('cohort-places')).toContainText('0 paid · 1 held · 1 offered');
    await row.getByRole('button', { name: `Waitlist (1) for ${longDate(date)}` }).click();
    await expect(dialog.getByTestId('cohort-waitlist')).toContainText('offered a place');
    await ownerContext.close();
  });
}
