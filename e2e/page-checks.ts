/**
 * Checks that every page must pass, shared by the page walks (page-layout.spec.ts, site-quality.spec.ts
 * and the journeys that check their own screens).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the page shows what it will show: the app has hydrated (the router app's pages: Sonner's
 * notifications region mounts right after; the pages that hydrate only their islands and show no
 * toast: the landing page's sign-up widget, mounted once the page has loaded, and the verification
 * page's Verify button, enabled once its form's island has hydrated), nothing is still loading, and
 * the data the admin dashboard fetches is on it.
 */
export async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  const path = new URL(page.url()).pathname;
  // The widget is in the page once it has the API's answer (a hidden marker when it has nothing to show).
  if (path === '/') await expect(page.getByTestId('signup-widget')).toBeAttached();
  else if (path.startsWith('/verify/')) await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
  else await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
  if (path === '/admin/dashboard') {
    await expect(page.getByTestId('stat-total_students')).not.toHaveText('…');
    await expect(page.getByTestId('stat-reminders_recovered')).not.toHaveText('…');
    await expect(page.getByTestId('weekly-chart')).toBeVisible();
  }
  // A resize re-renders what depends on the width (e.g. the admin lists' phone cards) by the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The toaster, for `scope.exclude` of a scan that a toast may share: a toast whose time runs out during
 * the scan is measured mid-fade. Toasts' own contrast is checked in toasts.spec.ts.
 */
export const TOASTS = '[data-sonner-toaster]';

/**
 * Zero axe findings: on the whole page, or within `scope.include`; `scope.exclude`: what is checked
 * elsewhere, e.g. a toast caught half-faded (TOASTS).
 */
export async function expectNoAxeFindings(
  page: Page,
  where: string,
  scope: { include?: string; exclude?: string } = {},
) {
  // Colours are measured as they settle, not mid-transition: a submit button enabled as its page
  // hydrates fades from its disabled shade for 150 ms (a spinner's endless turn is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // One axe.run in the page. The default mode also loads axe into a new blank page for every scan,
  // to merge the results of cross-origin frames, and the site's pages have none (the video facade
  // loads YouTube's frame only on a click): docs/perf/test-suite.md has the time it cost.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe findings on ${where}`).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** The page at a phone's and a desktop's width (full length unless told), saved in `dir` for a person to look at. */
export async function screenshots(page: Page, dir: string, name: string, fullPage = true) {
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Makes the server's answer for `path` the SPA shell (what it sends when its render fails or an
 * address has made too many pages), to check that the page's entry then draws the whole page.
 */
export async function serveShellInstead(page: Page, request: APIRequestContext, path: string) {
  const shell = await (await request.get('/student-dashboard')).text();
  await page.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html', body: shell }));
}
