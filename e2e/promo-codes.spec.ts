/**
 * Promo codes and invoices (docs/product/payments.md): the owner names the seller in Settings and
 * creates a code in the Promo Codes tab; a visitor types it in the order summary, sees the discount
 * before paying and pays the discounted total; the student's dashboard lists the invoice, whose PDF
 * (read back with poppler's pdftotext) shows the seller, the discount and the total; the Payments tab
 * shows the code and what it took off.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEFAULT_CATALOGUE, paymentAmountPence } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { openAdminTab } from './admin-nav';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings } from './page-checks';

// The unknown code typed on purpose is a 400 response, which Chromium logs as a console error.
test.use({ allowConsoleErrors: [/status of 400/] });

test('the owner creates a code; a visitor applies it at checkout and pays the discounted total', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  const owner = await (await browser.newContext({ baseURL })).newPage();
  await signInToAdmin(owner);
  const settings = await openAdminTab(owner, 'Settings');
  await settings.getByLabel('Seller name on invoices').fill('Book Review Academy Ltd');
  await settings.getByLabel('Seller address').fill('1 High Street, Bath, BA1 1AA');
  await settings.getByLabel('Company number').fill('sc12345');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Please enter the 8-character company number')).toBeVisible();
  await settings.getByLabel('Company number').fill('sc123456');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText('Settings saved')).toBeVisible();

  const tab = await openAdminTab(owner, 'Promo Codes');
  const form = tab.getByRole('form', { name: 'Create a promo code' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percent off').fill('150');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(form.getByText('Give either a percentage from 1 to 100')).toBeVisible();
  await form.getByLabel('Percent off').fill('20');
  await form.getByLabel('Applies to').selectOption('course');
  await form.getByLabel('Maximum uses').fill('5');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  const row = tab.getByTestId('promo-code-row').filter({ hasText: code });
  await expect(row).toContainText('20% off · Course');
  await expect(row).toContainText('0 of 5');
  await expectNoAxeFindings(owner, 'the Promo Codes tab');

  await page.goto('/enroll');
  await fillPersonalInfo(page, uniqueEmail('promo'));
  await continueToStep(page, 'Choose Your Payment Option');
  await page.getByRole('radio', { name: /Complete Package/ }).click();
  await continueToStep(page, 'Choose Your Course');
  await page.getByRole('radio', { name: /Pro Course/ }).click();
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');

  const full = paymentAmountPence(DEFAULT_CATALOGUE, 'combined', 'pro');
  const discount = Math.round((paymentAmountPence(DEFAULT_CATALOGUE, 'course', 'pro') * 20) / 100);
  await expect(page.getByTestId('order-total')).toHaveText(formatPence(full));
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  await page.getByLabel('Promo code').fill('NOPE-NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("This promo code isn't valid")).toBeVisible();
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('region', { name: /Order Summary/ });
  await expect(summary.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(summary.getByText(`−${formatPence(discount)}`)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(formatPence(full - discount));
  await expectNoAxeFindings(page, 'the payment step with a promo code');

  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${formatPence(full - discount)}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to Student Dashboard' }).click();
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const listed = invoices.getByTestId('invoices').getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(/Invoice INV-\d{4}-\d{5}/);
  await expect(listed).toContainText(formatPence(full - discount));
  const downloading = page.waitForEvent('download');
  await listed.getByRole('button', { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}\.pdf$/);
  const { stdout } = await promisify(execFile)('pdftotext', [await download.path(), '-']);
  const text = stdout.replace(/\s+/g, ' ');
  for (const shown of [
    'Book Review Academy Ltd',
    '1 High Street, Bath, BA1 1AA',
    'Company number SC123456',
    `Discount (promo code ${code}) −${formatPence(discount)}`,
    `Total ${formatPence(full - discount)}`,
  ])
    expect(text).toContain(shown);

  await openAdminTab(owner, 'Payments');
  await owner.reload();
  const payments = owner.getByRole('tabpanel', { name: 'Payments' });
  await expect(payments.getByText(`${formatPence(discount)} off with ${code}`).first()).toBeVisible();
  // The payment's invoice, beside its reference, downloads with the admin's token.
  const invoiceNumber = download.suggestedFilename().replace(/\.pdf$/, '');
  const ownerDownload = owner.waitForEvent('download');
  await payments.getByRole('button', { name: new RegExp(invoiceNumber) }).click();
  expect((await ownerDownload).suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  await openAdminTab(owner, 'Promo Codes');
  await expect(owner.getByTestId('promo-code-row').filter({ hasText: code })).toContainText('1 of 5');
});
