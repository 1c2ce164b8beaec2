/**
 * The course calendar on the student's dashboard: before the start date a countdown instead of tick
 * boxes; the admin moves the date from the student's row and the stages open; a status the admin set
 * by hand is explained; course access explained when no link is configured (this file's server has
 * no course links and no CPD provider number; the Course Access button with a link is driven by
 * student-dashboard.spec.ts). Screenshots of each dashboard state at 390 and 1280 px go to SHOTS_DIR
 * (default /tmp/shots-30a) for a person to look at.
 */
import { openAdminTab } from './admin-nav';
import type { Page } from '@playwright/test';
import { formatLongDate, nextIntake } from '@shared/schedule';
import { messages } from '@shared/messages';
import { Setup } from './admin-setup';
import { adminApiToken, expect, signInToAdmin, test } from './fixtures';
import { screenshots } from './page-checks';
import { signInStudent } from './student-login';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-30a';

test.use({ serverEnv: { COURSE_ACCESS_URL_FOUNDATION: '', COURSE_ACCESS_URL_PRO: '', CPD_PROVIDER_NUMBER: '' } });

async function adminLogIn(page: Page) {
  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('before the start a countdown and no tick boxes; the admin moves the date and the student ticks', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const setup = new Setup(request, await adminApiToken(request), tag);
  const student = await setup.student('Carla', 'foundation');
  await setup.markPaid(student);
  await setup.uploadId(student);
  await setup.approveId(student);
  const gone = await setup.student('Gus', 'pro');

  // The student, fully paid and ID approved, on the first intake (after today).
  const start = nextIntake().start_date;
  await signInStudent(page, student.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Carla!' })).toBeVisible();
  const countdown = page.getByTestId('course-countdown');
  await expect(countdown).toContainText(/Your course starts (in \d+ days|tomorrow)\./);
  await expect(countdown).toContainText(`Your course starts on ${formatLongDate(start)}. Stages open on that day.`);
  await expect(page.getByRole('list', { name: 'Course stages' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  // No course link configured: when and how it arrives.
  await expect(page.getByRole('heading', { level: 2, name: 'Course Access' })).toBeVisible();
  await expect(page.getByTestId('course-access-coming')).toHaveText(
    messages.student.courseAccessComing(formatLongDate(start)),
  );
  await expect(page.getByRole('link', { name: /Course Access/ })).toHaveCount(0);
  await screenshots(page, SHOTS_DIR, 'dashboard-before-start');

  // The admin moves the start date from the student's row: a dialog with a date, the question, then saved.
  const adminPage = await browser.newPage({ baseURL: page.url() });
  await adminLogIn(adminPage);
  await openAdminTab(adminPage, 'Student Management');
  await adminPage.getByLabel('Search students').fill(`tester${tag}`);
  await expect(adminPage.getByText('Showing 2 of 2 students')).toBeVisible();
  const row = adminPage.getByTestId('student-row').filter({ hasText: student.email });
  await expect(row).toContainText(formatLongDate(start));
  await adminPage.getByRole('button', { name: `Start date ${student.name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Change the course start date' });
  const dateInput = dialog.getByLabel('New course start date');
  await expect(dateInput).toHaveValue(start);
  await expect(dialog.getByRole('button', { name: 'Change start date' })).toBeDisabled();
  await dateInput.fill('2026-03-02');
  await expect(dialog).toContainText(`Move ${student.name}'s course start date to 2 March 2026?`);
  await screenshots(adminPage, SHOTS_DIR, 'admin-start-date-dialog', false);
  await dialog.getByRole('button', { name: 'Change start date' }).click();
  await expect(adminPage.getByText('Course start date updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('2 March 2026');

  // A refusal is shown in the dialog: this student was deleted meanwhile.
  await adminPage.getByRole('button', { name: `Start date ${gone.name}` }).click();
  const deleted = await request.delete(`/api/admin/students/${gone.id}`, {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
  });
  expect(deleted.status()).toBe(204);
  await dialog.getByLabel('New course start date').fill('2027-06-15');
  await dialog.getByRole('button', { name: 'Change start date' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Student not found');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The stages are open: the student ticks one.
  await page.reload();
  await expect(page.getByTestId('course-countdown')).toHaveCount(0);
  const first = page.getByRole('checkbox', { name: /^Stage 1:/ });
  await expect(first).toBeEnabled();
  await first.click();
  await expect(page.getByText('Stage 1 marked as complete!')).toBeVisible();
  await expect(page.getByTestId('progress-percentage')).toHaveText('20%');
  await expect(page.getByTestId('course-access-coming')).toHaveText(
    'Your course has started, but your course link is not ready yet. It will appear here as soon as the school adds it (it is not sent by email). Please contact support if you need it now.',
  );
  await screenshots(page, SHOTS_DIR, 'dashboard-started');

  // The admin marks the course Completed at 20 %: the dashboard says how the two fit together.
  await adminPage.getByLabel(`Status for ${student.name}`).selectOption('completed');
  await expect(adminPage.getByText('Student status updated')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('status-note')).toHaveText(
    'The school has marked your course as completed. Your stage ticks (20%) are your own record and do not change that status; tick every stage to request your certificate.',
  );
  await screenshots(page, SHOTS_DIR, 'dashboard-status-note');
  await adminPage.close();
});

test('the certificate demo shows no CPD seal or line when no CPD provider number is configured', async ({ page }) => {
  await page.goto('/certificate-demo');
  await expect(page.getByText('of the Video Book Review Specialist certification programme.')).toBeVisible();
  await expect(page.getByText(/CPD provider number|ACCREDITED/)).toHaveCount(0);
});
