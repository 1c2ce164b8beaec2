/**
 * The admin Emails view. Runs in the `email-login` project, whose server sends over SMTP to
 * e2e/smtp-sink.ts; the sink refuses `bounce-…` recipients until the outbox has given up (failed),
 * and accepts the admin's "Send again".
 */
import { openAdminTab } from './admin-nav';
import { adminApiToken, enrolStudentViaApi, expect, signInToAdmin, test, uniqueEmail } from './fixtures';

test('an admin finds a failed receipt in the Emails log, sends it again, and sees it sent', async ({
  page,
  request,
}) => {
  const bounce = await enrolStudentViaApi(request, { pay: 'enrollment', email: uniqueEmail('bounce') });
  const delivered = await enrolStudentViaApi(request, { pay: 'enrollment', email: uniqueEmail('delivered') });

  // The receipt to the refusing address is retried until the outbox marks it failed (a few seconds here).
  const token = await adminApiToken(request);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/emails?status=failed&search=${encodeURIComponent(bounce.email)}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { total: number }).total;
      },
      { timeout: 45_000 },
    )
    .toBe(1);

  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(page, 'Emails');
  const panel = page.getByRole('tabpanel', { name: 'Emails' });

  // The delivered receipt: Sent, nothing to do.
  await panel.getByLabel('Search recipients').fill(delivered.email);
  const deliveredRow = panel.getByRole('row').filter({ hasText: delivered.email });
  await expect(deliveredRow.getByText('payment-receipt')).toBeVisible();
  await expect(deliveredRow.getByText('Sent', { exact: true })).toBeVisible();
  await expect(deliveredRow.getByRole('button')).toHaveCount(0);

  // The failed one, found by status: its attempts and the receiver's answer, and Send again.
  await panel.getByLabel('Search recipients').fill('');
  await panel.getByLabel('Status').selectOption('failed');
  const failedRow = panel.getByRole('row').filter({ hasText: bounce.email });
  await expect(failedRow.getByText('Failed', { exact: true })).toBeVisible();
  await expect(failedRow.getByRole('cell', { name: '11', exact: true })).toBeVisible();
  await expect(failedRow.getByText(/451/)).toBeVisible();
  await failedRow.getByRole('button', { name: `Send again to ${bounce.email}` }).click();
  await expect(page.getByText('The email will be sent again')).toBeVisible();

  // It leaves the Failed filter; under All it turns Sent without a reload.
  await expect(panel.getByRole('row').filter({ hasText: bounce.email })).toHaveCount(0);
  await panel.getByLabel('Status').selectOption('');
  await panel.getByLabel('Search recipients').fill(bounce.email);
  const resentRow = panel.getByRole('row').filter({ hasText: bounce.email });
  await expect(resentRow.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(resentRow.getByRole('button')).toHaveCount(0);

  // A search that matches nothing says so.
  await panel.getByLabel('Search recipients').fill('nobody-at-all@example.org');
  await expect(panel.getByText('No emails found matching your criteria.')).toBeVisible();
});
