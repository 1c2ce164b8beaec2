/**
 * The ID Verification tab after the retention job has deleted a decided document: the decision stays
 * listed, with a note instead of View ID. Runs in the `email-login` project, whose server deletes
 * decided documents within a second (ID_DOCUMENT_RETENTION_DAYS=0, playwright.config.ts).
 */
import { openAdminTab } from './admin-nav';
import { Setup } from './admin-setup';
import { adminApiToken, expect, test } from './fixtures';

test('a decided ID document deleted by the retention job: the decision stays, without View ID', async ({
  page,
  request,
}) => {
  const token = await adminApiToken(request);
  const setup = new Setup(request, token, Date.now().toString(36));
  const student = await setup.student('Rhea', 'foundation');
  await setup.markPaid(student);
  await setup.uploadId(student);
  await setup.approveId(student);

  await page.goto('/admin/login');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto('/admin/dashboard');
  await openAdminTab(page, 'ID Verification');
  const decision = page.getByRole('listitem').filter({ hasText: student.email });
  await expect(async () => {
    await page.reload();
    await openAdminTab(page, 'ID Verification');
    await expect(decision).toContainText('Document deleted after the decision', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(decision).toContainText('Approved');
  await expect(decision.getByRole('button', { name: `View ID of ${student.name}` })).toHaveCount(0);
});
