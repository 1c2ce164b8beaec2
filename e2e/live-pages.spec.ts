/**
 * The public pages rendered again with the settings in force (src/server/plugins/live-pages.ts): an
 * owner saves a support e-mail in Settings, and within seconds a new visitor's support page carries it
 * in its HTML, read here with JavaScript off, as a search engine or a slow phone's first paint sees it.
 */
import { openAdminTab } from './admin-nav';
import { adminApiToken, expect, signInToAdmin, test } from './fixtures';

test('a support e-mail saved in Settings is in the support page’s HTML within seconds, no restart', async ({
  browser,
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const address = `desk-${Date.now().toString(36)}@school.example`;
  await signInToAdmin(page);
  const settings = await openAdminTab(page, 'Settings');
  await settings.getByLabel('Support email').fill(address);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const support = await visitor.newPage();
    await expect
      .poll(
        async () => {
          await support.goto('/support');
          return support.getByText(address).count();
        },
        { timeout: 10_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
  } finally {
    await visitor.close();
    // Back to the default, for the journeys that run after this one on this worker's server.
    const token = await adminApiToken(request);
    await request.put('/api/admin/settings', {
      headers: { authorization: `Bearer ${token}` },
      data: { support_email: null },
    });
  }
});
