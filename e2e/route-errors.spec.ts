/**
 * The router's error page: a page whose chunk no longer loads (what a tab opened before a deploy
 * meets) offers a reload; any other error on a page gets an apology and a link home.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

const abort = (route: Route) => route.abort();

async function expectReloadOffer(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'This page has been updated' })).toBeVisible();
  await expect(page.getByText('A new version of the site is available. Reload to continue.')).toBeVisible();
}

test.describe('a page chunk that fails to load', () => {
  // The blocked chunk is a failed request, which Chromium logs as a console error.
  test.use({ allowConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('on navigating within the app: the reload offer, and Reload brings the page', async ({ page }) => {
    // /student-login is not prerendered, so once its heading shows the app is running.
    await page.goto('/student-login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const supportChunk = '**/assets/support-page-*.js';
    await page.route(supportChunk, abort);
    await page.getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expectReloadOffer(page);
    // The app handled it without leaving the page, and the layout (help launcher) is still there.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();

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
  // React reports the error it caught (#31: an object as a child), and React Router logs it.
  test.use({ allowConsoleErrors: [/Minified React error #31/] });

  test('shows an apology with a link home', async ({ page }) => {
    const certificateId = 'VBR-BROKEN0001';
    await page.route(`**/api/certificates/${certificateId}`, (route) =>
      route.fulfill({
        json: {
          certificate_id: certificateId,
          valid: true,
          status: 'valid',
          holder_name: { unexpected: 'an object where the page expects text' },
          course_title: 'Foundation Course',
          completion_date: '2027-01-01',
          issued_date: '2027-01-02',
          id_verified: true,
        },
      }),
    );
    await page.goto(`/verify/${certificateId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Sorry, this page could not be shown. Please try again in a moment.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
