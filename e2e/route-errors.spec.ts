/**
 * The router's error page: a page whose chunk no longer loads (what a tab opened before a deploy
 * meets) offers a reload; any other error on a page gets an apology and a link home.
 */
import type { Page, Route } from '@playwright/test';
import { adminApiToken, expect, test } from './fixtures';

const abort = (route: Route) => route.abort();

async function expectReloadOffer(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'This page has been updated' })).toBeVisible();
  await expect(page.getByText('A new version of the site is available. Reload to continue.')).toBeVisible();
}

test.describe('a page chunk that fails to load', () => {
  // The blocked chunk is a failed request, which Chromium logs as a console error.
  test.use({ allowConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('on navigating within the app: the reload offer, and Reload brings the page', async ({ page }) => {
    // /student-login is prerendered: its submit button is enabled once the app has hydrated it (a link
    // followed before that loads the next page whole).
    await page.goto('/student-login');
    await expect(page.getByRole('button', { name: 'Access My Course Dashboard' })).toBeEnabled();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const supportChunk = '**/assets/support-page-*.js';
    await page.route(supportChunk, abort);
    // The footer's link (the help launcher steps aside while it would cover the page's content).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expectReloadOffer(page);
    // The app handled it without leaving the page, and the layout (help launcher) is still there.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page.getByRole('link', { name: 'Help' })).toBeAttached();

    await page.unroute(supportChunk, abort);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  });

  test('on opening a prerendered page: the reload offer replaces its HTML', async ({ page }) => {
    const demoChunk = '**/assets/certificate-demo-page-*.js';
    await page.route(demoChunk, abort);
    await page.goto('/certificate-demo');
    await expectReloadOffer(page);

    await page.unroute(demoChunk, abort);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'This page has been updated' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('a page that fails while rendering', () => {
  // React Router logs the error its error boundary caught.
  test.use({ allowConsoleErrors: [/Cannot read properties of null \(reading '\w+'\)/] });

  test('shows an apology with a link home', async ({ page, request }) => {
    // An admin stats answer without its weekly figures: the chart's code throws while rendering.
    const token = await adminApiToken(request);
    await page.route('**/api/admin/stats', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), weekly: null } });
    });
    await page.goto('/admin/login');
    await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Sorry, this page could not be shown. Please try again in a moment.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
