/**
 * Revocation end to end: an owner revokes an activated certificate from the admin Certificates tab
 * (a reason is required, and confirmed), the public /verify page then shows it as revoked with the
 * date and without the reason, the student's dashboard offers no download, and the owner reinstates it.
 * Setup (registration, payment, ID approval, stages, activation) goes through the real HTTP API.
 */
import { openAdminTab } from './admin-nav';
import { Setup } from './admin-setup';
import { adminApiToken, expect, signInToAdmin, test } from './fixtures';
import { screenshots } from './page-checks';
import { signInStudent } from './student-login';

const REASON = 'Final project copied from another student';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-revocation';

test('an owner revokes a certificate: /verify shows it revoked, the student cannot download it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const setup = new Setup(request, await adminApiToken(request), Date.now().toString(36));
  const { student, certificateId } = await setup.activatedCertificate('Rosa');

  // The owner revokes it from the Certificates tab: no confirming without a reason.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInToAdmin(adminPage);
  await openAdminTab(adminPage, 'Certificates');
  const row = adminPage.getByRole('row').filter({ hasText: certificateId });
  await expect(row).toContainText('Activated');
  await row.getByRole('button', { name: `Revoke certificate ${certificateId}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Revoke this certificate?' });
  const confirm = dialog.getByRole('button', { name: 'Revoke certificate' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/^Reason/).fill(REASON);
  await confirm.click();
  await expect(adminPage.getByText(`Certificate ${certificateId} revoked`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row).toContainText(REASON);
  await expect(row.getByRole('button', { name: `Reinstate certificate ${certificateId}` })).toBeVisible();
  await screenshots(adminPage, SHOTS_DIR, 'admin-certificates-revoked');

  // Anyone verifying it sees it revoked, with the date and never the reason.
  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByRole('heading', { name: 'Revoked: not valid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Valid certificate' })).toHaveCount(0);
  await expect(page.locator('main')).toContainText('Revoked');
  await expect(page.locator('main')).not.toContainText(REASON);
  await screenshots(page, SHOTS_DIR, 'verify-revoked');

  // The student's dashboard says so and offers nothing to download.
  await signInStudent(page, student.email);
  await expect(page.getByTestId('certificate-revoked')).toContainText('Revoked on');
  await expect(page.getByRole('button', { name: 'View Certificate' })).toHaveCount(0);
  await screenshots(page, SHOTS_DIR, 'dashboard-revoked');

  // The owner reinstates it (asked first): it verifies as valid again.
  await row.getByRole('button', { name: `Reinstate certificate ${certificateId}` }).click();
  await adminPage
    .getByRole('dialog', { name: 'Reinstate this certificate?' })
    .getByRole('button', { name: 'Reinstate certificate' })
    .click();
  await expect(adminPage.getByText(`Certificate ${certificateId} reinstated`)).toBeVisible();
  await expect(row).toContainText('Activated');
  await adminContext.close();
  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
});
