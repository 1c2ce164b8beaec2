/**
 * The owner edits what is sold (docs/product/admin.md#catalogue, #content): the Pro price in the
 * Catalogue tab and a FAQ answer in the Site Content tab (seen first in its preview); a new visitor
 * sees both within 10 s with no restart, and pays the new price with a promo code; the invoice PDF,
 * read back with pdftotext, shows the seller, the discount and the total. A visitor whose page showed
 * the old price is told the new one at Pay and charged nothing, then pays it.
 *
 * Each test puts the seed catalogue and content back, as the worker's later tests expect them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_CATALOGUE, type Catalogue } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { DEFAULT_CONTENT } from '@shared/site-content';
import { openAdminTab } from './admin-nav';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { adminApiToken, expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings } from './page-checks';

const NEW_ANSWER = 'Yes: every live session is recorded and in your dashboard the same evening.';

async function restoreSeed(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await adminApiToken(request)}` };
  for (const [url, data] of [
    ['/api/admin/catalogue', DEFAULT_CATALOGUE],
    ['/api/admin/content', DEFAULT_CONTENT],
  ] as const) {
    const res = await request.put(url, { headers, data });
    expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  }
}

const withProPrice = (pence: number): Catalogue => ({
  ...DEFAULT_CATALOGUE,
  courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...DEFAULT_CATALOGUE.courses.pro, price_pence: pence } },
});

/** Reloads `path` until `check` passes: a save shows once each process has read the pages' version (≤ 5 s). */
async function seenWithin10s(page: Page, path: string, check: () => Promise<void>) {
  const started = Date.now();
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 10_000, intervals: [500] });
  return Date.now() - started;
}

test.afterEach(async ({ request }) => restoreSeed(request));
// The refused payment (409) and the refused price are responses Chromium logs as console errors.
test.use({ allowConsoleErrors: [/status of 40[09]/] });

test('the owner changes the Pro price and a FAQ answer; a new visitor sees both within 10 s and pays the new price with a promo code', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await (await browser.newContext({ baseURL })).newPage();
  await signInToAdmin(owner);

  // The seller, printed on the invoice.
  const settings = await openAdminTab(owner, 'Settings');
  await settings.getByLabel('Seller name on invoices').fill('Book Review Academy Ltd');
  await settings.getByLabel('Seller address').fill('1 High Street, Bath, BA1 1AA');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText('Settings saved')).toBeVisible();

  // The Pro price: a bad one is refused with its message, then £250.00 is saved.
  const catalogue = await openAdminTab(owner, 'Catalogue');
  const pro = catalogue.getByRole('group', { name: 'Pro course' });
  await pro.getByLabel('Price of the course alone (£)').fill('0');
  await catalogue.getByRole('button', { name: 'Save catalogue' }).click();
  await expect(pro.getByText('A course price must be an amount from £1.00 to £10,000.00')).toBeVisible();
  await pro.getByLabel('Price of the course alone (£)').fill('250.00');
  await expect(catalogue.getByText('Pro Course: £259.99 for a new student')).toBeVisible();
  await catalogue.getByRole('button', { name: 'Save catalogue' }).click();
  await expect(owner.getByText('Catalogue saved')).toBeVisible();
  await expectNoAxeFindings(owner, 'the Catalogue tab');

  // A FAQ answer, seen in the preview before it is saved.
  const content = await openAdminTab(owner, 'Site Content');
  const recorded = content.getByRole('group', { name: 'Category 1, Question 3', exact: true });
  await expect(recorded.getByLabel('Question', { exact: true })).toHaveValue('Are live sessions recorded?');
  await recorded.getByLabel('Answer', { exact: true }).fill(NEW_ANSWER);
  await content.getByRole('button', { name: 'Preview' }).click();
  const preview = content.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText(NEW_ANSWER)).toBeAttached();
  await expect(preview.getByText('£259.99').first()).toBeVisible();
  await content.getByRole('button', { name: 'Save content' }).click();
  await expect(owner.getByText('Content saved')).toBeVisible();
  const saved = Date.now();

  // A new visitor: the landing page and the FAQ, as the server renders them (no script needed).
  const visitor = await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage();
  await seenWithin10s(visitor, '/', async () => {
    const proCard = visitor.locator('#pricing li').filter({ hasText: 'Pro Course' });
    await expect(proCard).toContainText('£259.99', { timeout: 500 });
    await expect(proCard).toContainText('£250.00', { timeout: 500 });
  });
  await seenWithin10s(visitor, '/support', async () => {
    await expect(visitor.getByText(NEW_ANSWER)).toBeAttached({ timeout: 500 });
  });
  expect(Date.now() - saved).toBeLessThan(10_000);

  // A promo code for the course (made through the API: the Promo Codes tab has its own journey).
  const code = `PRO${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/promo-codes', {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { code, amount_off_pence: 5000, applies_to: 'course' },
  });
  expect(created.status()).toBe(201);

  // The visitor enrols from the Pro card and pays the new price less the code.
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Enroll Now: Pro Course' }).click();
  await fillPersonalInfo(page, uniqueEmail('new-price'));
  await continueToStep(page, 'Choose Your Payment Option');
  await continueToStep(page, 'Choose Your Course');
  await expect(page.getByRole('radio', { name: /Pro Course/ })).toContainText('£259.99');
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');
  await expect(page.getByTestId('order-total')).toHaveText('£259.99');
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('£209.99');
  await enterCard(page);
  await page.getByRole('button', { name: 'Pay £209.99' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to Student Dashboard' }).click();
  const invoice = page.getByRole('region', { name: 'Invoices' }).getByTestId('invoices').getByRole('listitem');
  await expect(invoice).toContainText('£209.99');
  const downloading = page.waitForEvent('download');
  await invoice.getByRole('button', { name: /Download/ }).click();
  const { stdout } = await promisify(execFile)('pdftotext', [await (await downloading).path(), '-']);
  const text = stdout.replace(/\s+/g, ' ');
  for (const shown of [
    'Book Review Academy Ltd',
    '1 High Street, Bath, BA1 1AA',
    '£250.00',
    `Discount (promo code ${code}) −£50.00`,
    'Total £209.99',
  ])
    expect(text).toContain(shown);
});

test('a visitor whose page shows the old price is told the new one at Pay, charged nothing, and pays it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/enroll?step=course-selection&course=pro');
  await fillPersonalInfo(page, uniqueEmail('old-price'));
  await continueToStep(page, 'Choose Your Payment Option');
  await continueToStep(page, 'Choose Your Course');
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');
  await expect(page.getByTestId('order-total')).toHaveText(formatPence(22499));

  const res = await request.put('/api/admin/catalogue', {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: withProPrice(23000),
  });
  expect(res.ok()).toBeTruthy();

  await enterCard(page);
  await page.getByRole('button', { name: 'Pay £224.99' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The price has changed' })).toContainText('£239.99');
  await expect(page.getByTestId('order-total')).toHaveText('£239.99');
  await page.getByRole('button', { name: 'Pay £239.99' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
});
