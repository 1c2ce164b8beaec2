/** The admin Payments tab — an admin refunds a card payment and sees the student's payment state change. */
import { admin, enrolStudentViaApi, expect, priceText, test } from './fixtures';

test('an admin refunds a payment in the Payments tab and the student is no longer paid', async ({ page, request }) => {
  const tag = `Refund${Date.now().toString(36)}`;
  const payer = await enrolStudentViaApi(request, { pay: 'combined', course: 'pro', firstName: 'Rita', lastName: tag });
  const noCourse = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Nora', lastName: tag });
  const payerName = `Rita ${tag}`;
  const amount = priceText('combined', 'pro');

  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Before: fully paid.
  await page.getByLabel('Search students').fill(tag);
  const studentRow = page.getByTestId('student-row').filter({ hasText: payer.email });
  await expect(studentRow.getByText('Fully Paid')).toBeVisible();

  // Mark Paid for a student with nothing recordable (enrolment paid, no course) offers no Confirm.
  await page.getByRole('button', { name: `Mark Paid Nora ${tag}` }).click();
  const markPaid = page.getByRole('dialog');
  await expect(markPaid.getByText('No payment can be recorded for this student yet.')).toBeVisible();
  await expect(markPaid.getByText('Choose a course for this student first.')).toBeVisible();
  await expect(markPaid.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await markPaid.getByRole('button', { name: 'Close' }).click();
  await expect(markPaid).toBeHidden();
  expect(noCourse.id).toBeTruthy();

  await page.getByRole('tab', { name: 'Payments' }).click();
  const payments = page.getByRole('tabpanel', { name: 'Payments' });
  await payments.getByLabel('Search students').fill(tag);
  const paymentRow = payments.getByRole('row').filter({ hasText: payerName });
  await expect(paymentRow.getByText('Completed')).toBeVisible();
  await expect(paymentRow.getByText(amount)).toBeVisible();
  await expect(paymentRow.getByText('Enrollment Fee + Pro Course')).toBeVisible();

  await paymentRow.getByRole('button', { name: `Refund ${amount} to ${payerName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Refund ${amount} to ${payerName}? This cannot be undone.`)).toBeVisible();
  // The reason is required: no Refund button until there is one.
  await expect(dialog.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await dialog.getByLabel('Reason (required)').fill('Student changed their mind');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Payment refunded')).toBeVisible();
  await expect(paymentRow.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(paymentRow.getByText('Student changed their mind')).toBeVisible();

  // After: the student is no longer paid, and nothing is counted as paid.
  await page.getByRole('tab', { name: 'Student Management' }).click();
  await page.getByLabel('Search students').fill(tag);
  await expect(studentRow.getByText('Pending')).toBeVisible();
  await expect(studentRow.getByText('£0.00')).toBeVisible();
});
