/**
 * The admin Payments tab — an admin refunds a card payment and sees the student's payment state
 * change; payments disputed or refunded at Square (signed webhooks) are filtered and marked.
 */
import { openAdminTab } from './admin-nav';
import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_CATALOGUE, paymentAmountPence } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { TERMS_OF_SALE } from '@shared/terms';
import { E2E_SQUARE_WEBHOOK } from './app-server';
import { adminApiToken, enrolStudentViaApi, expect, priceText, signInToAdmin, test } from './fixtures';

test('an admin refunds a payment in the Payments tab and the student is no longer paid', async ({ page, request }) => {
  const tag = `Refund${Date.now().toString(36)}`;
  const payer = await enrolStudentViaApi(request, { pay: 'combined', course: 'pro', firstName: 'Rita', lastName: tag });
  const noCourse = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Nora', lastName: tag });
  const payerName = `Rita ${tag}`;
  const amount = priceText('combined', 'pro');

  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Before: fully paid.
  await openAdminTab(page, 'Student Management');
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

  await openAdminTab(page, 'Payments');
  const payments = page.getByRole('tabpanel', { name: 'Payments' });
  await payments.getByLabel('Search students').fill(tag);
  const paymentRow = payments.getByRole('row').filter({ hasText: payerName });
  await expect(paymentRow.getByText('Completed')).toBeVisible();
  await expect(paymentRow.getByText(amount)).toBeVisible();
  await expect(paymentRow.getByText('Enrollment Fee + Pro Course')).toBeVisible();
  // The terms of sale the student agreed to at checkout, and when.
  await expect(
    paymentRow.getByText(new RegExp(`^Terms v${TERMS_OF_SALE.version} accepted \\d{1,2} [A-Z][a-z]+ \\d{4}$`)),
  ).toBeVisible();

  await paymentRow.getByRole('button', { name: `Refund ${amount} to ${payerName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Refund ${amount} to ${payerName}? This cannot be undone.`)).toBeVisible();
  // The reason is required: the Refund button is there but disabled, and the field says why.
  await expect(dialog.getByRole('button', { name: 'Refund' })).toBeDisabled();
  await expect(dialog.getByLabel('Reason (required)')).toHaveAccessibleDescription(messages.admin.refundReasonNeeded);
  await dialog.getByLabel('Reason (required)').fill('Student changed their mind');
  await expect(dialog.getByText(messages.admin.refundReasonNeeded)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Payment refunded')).toBeVisible();
  await expect(paymentRow.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(paymentRow.getByText('Student changed their mind')).toBeVisible();

  // After: the student is no longer paid, and nothing is counted as paid.
  await openAdminTab(page, 'Student Management');
  await page.getByLabel('Search students').fill(tag);
  await expect(studentRow.getByText('Pending')).toBeVisible();
  await expect(studentRow.getByText('£0.00')).toBeVisible();
});

/** A Square event, signed as Square signs it (HMAC-SHA256 over the notification URL + body), posted to the site. */
async function sendSquareEvent(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({
    merchant_id: 'E2E',
    type,
    event_id: randomUUID(),
    created_at: new Date().toISOString(),
    data: { type: Object.keys(object)[0], id: randomUUID(), object },
  });
  const signature = createHmac('sha256', E2E_SQUARE_WEBHOOK.signatureKey)
    .update(E2E_SQUARE_WEBHOOK.notificationUrl + body)
    .digest('base64');
  const res = await request.post('/api/square/webhook', {
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the Payments tab filters payments disputed or refunded at Square, and the rows say so', async ({
  page,
  request,
}) => {
  const tag = `Square${Date.now().toString(36)}`;
  const disputed = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Dora', lastName: tag });
  const refunded = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Rhea', lastName: tag });
  await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Cleo', lastName: tag });
  const token = await adminApiToken(request);
  const listed = await request.get(`/api/admin/payments?search=${tag}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await listed.json()) as { payments: Array<{ student_id: string; provider_reference: string }> })
    .payments;
  const reference = (id: string) => rows.find((p) => p.student_id === id)?.provider_reference ?? '';
  const fee = paymentAmountPence(DEFAULT_CATALOGUE, 'enrollment', null);
  await sendSquareEvent(request, 'dispute.created', {
    dispute: {
      id: `dp-${tag}`,
      state: 'EVIDENCE_REQUIRED',
      amount_money: { amount: fee, currency: 'GBP' },
      due_at: '2030-01-15T00:00:00.000Z',
      disputed_payment: { payment_id: reference(disputed.id) },
      updated_at: new Date().toISOString(),
    },
  });
  await sendSquareEvent(request, 'refund.updated', {
    refund: {
      id: `rf-${tag}`,
      status: 'COMPLETED',
      amount_money: { amount: fee, currency: 'GBP' },
      payment_id: reference(refunded.id),
      reason: 'Refunded from the dashboard',
    },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(page, 'Payments');
  const payments = page.getByRole('tabpanel', { name: 'Payments' });
  await payments.getByLabel('Search students').fill(tag);
  await expect(payments.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  await payments.getByRole('combobox', { name: /^Square/ }).selectOption('disputed');
  const disputedRow = payments.getByRole('row').filter({ hasText: `Dora ${tag}` });
  await expect(disputedRow.getByText('Disputed: evidence required')).toBeVisible();
  await expect(disputedRow.getByText('Respond by 15 January 2030')).toBeVisible();
  await expect(payments.getByRole('row').filter({ hasText: tag })).toHaveCount(1);

  await payments.getByRole('combobox', { name: /^Square/ }).selectOption('refunded_elsewhere');
  const refundedRow = payments.getByRole('row').filter({ hasText: `Rhea ${tag}` });
  await expect(refundedRow.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(refundedRow.getByText('Refunded in Square')).toBeVisible();
  await expect(payments.getByRole('row').filter({ hasText: tag })).toHaveCount(1);

  // The student refunded at Square is no longer paid (at 390 px each student is a list item).
  await payments.getByRole('combobox', { name: /^Square/ }).selectOption('');
  await openAdminTab(page, 'Student Management');
  await page.getByLabel('Search students').fill(`Rhea ${tag}`);
  const student = page.getByRole('listitem').filter({ hasText: `Rhea ${tag}` });
  await expect(student.getByText('£0.00')).toBeVisible();
  await expect(student.getByText('Pending')).toBeVisible();
});
