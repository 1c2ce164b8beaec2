/**
 * "Your data" (docs/product/student-area.md): a student downloads everything held about them and asks
 * for their account to be deleted, with a confirmation; an owner erases it from the admin's Erasure
 * Requests tab, the student is e-mailed, and their token reaches nothing any more.
 */
import { openAdminTab } from './admin-nav';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { enrolStudentViaApi, expect, signInToAdmin, test } from './fixtures';
import { signInStudent } from './student-login';

/** The templates of the e-mails the test SMTP server received for `to`. */
async function templatesSentTo(mailDir: string, to: string): Promise<string[]> {
  const templates: string[] = [];
  for (const file of readdirSync(mailDir).filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
    if (address?.toLowerCase() === to.toLowerCase()) templates.push(String(mail.headers.get('x-vbr-template')));
  }
  return templates;
}

test('a student downloads their data and asks for deletion; an owner erases the account', async ({
  page,
  request,
  appServer,
}) => {
  const lastName = `Erasure${Date.now().toString(36)}`;
  const student = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Erin', lastName });
  // The student side on a phone: 390 px wide, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStudent(page, student.email);
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('your-data-390.png') });

  // Download my data: a JSON file of this student.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^student-data-${student.id}-\\d{4}-\\d\\d-\\d\\d\\.json$`));
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    profile: { email: string; last_name: string };
    payments: Array<{ payment_type: string }>;
  };
  expect(file.profile).toMatchObject({ email: student.email, last_name: lastName });
  expect(file.payments.map((p) => p.payment_type)).toEqual(['enrollment']);
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

  // Delete my account: cancel first (nothing happens), then confirm.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You asked for your account to be deleted on' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);

  // The owner carries it out (at a desktop width: the lists are tables there).
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(page, 'Erasure Requests');
  const panel = page.getByRole('tabpanel', { name: 'Erasure Requests' });
  const row = panel.getByRole('row').filter({ hasText: student.email });
  await expect(row.getByText('Waiting')).toBeVisible();
  await row.getByRole('button', { name: `Erase Erin ${lastName}` }).click();
  await page.getByRole('dialog', { name: 'Erase this account?' }).getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('The account has been erased and the student is being told.')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: student.email })).toHaveCount(0);
  await panel.getByLabel('Show').selectOption('all');
  await expect(panel.getByRole('row').filter({ hasText: 'Erased student' }).first()).toBeVisible();

  // Told by e-mail; the old token reaches nothing; the student is gone from the list.
  await expect
    .poll(() => templatesSentTo(appServer.mailDir, student.email), { timeout: 20_000 })
    .toContain('erasure-completed');
  const after = await request.get(`/api/student/${student.id}/export`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(after.status()).toBe(404);
  await openAdminTab(page, 'Student Management');
  await page
    .getByLabel(/Search/)
    .first()
    .fill(lastName);
  await expect(page.getByText('No students found matching your criteria.')).toBeVisible();
});
