/**
 * Social proof by consent and promises that match the product (docs/product/public-pages.md,
 * enrolment.md, admin.md): step 1's consent box is unticked; the recent sign-ups widget shows nothing
 * with no consenting paid student and examples off, and examples marked "Example" once the owner turns
 * them on in Settings; /support offers live chat only with a link set; Settings warns what students
 * are promised but is not set. At 390 and 1280 px, with axe. Its own server (no course links, no CPD
 * number), so the settings it changes never reach another journey.
 */
import { openAdminTab } from './admin-nav';
import type { Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { SETTING_LABELS } from '@shared/site-settings';
import { adminApiToken, expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { TOASTS, expectNoAxeFindings } from './page-checks';

test.use({
  serverEnv: {
    COURSE_ACCESS_URL_FOUNDATION: '',
    COURSE_ACCESS_URL_PRO: '',
    CPD_PROVIDER_NUMBER: '',
    SUPPORT_HOURS: 'Weekdays, 9 AM to 5 PM (social proof journey)',
  },
});

// Toasts fade in and out: axe would measure a half-transparent one (toasts.spec.ts checks them).
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const consentBox = (page: Page) => page.getByRole('checkbox', { name: messages.enrolment.signupConsent.label });

/** Waits until the widget has the API's answer (an empty widget leaves only a hidden marker). */
async function widgetAnswered(page: Page) {
  await expect(page.getByTestId('signup-widget')).toBeAttached();
}

async function openSettings(page: Page) {
  await signInToAdmin(page);
  await openAdminTab(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`step 1's consent box is unticked, and ticking it asks for the town (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/enroll');
    const box = consentBox(page);
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(page.getByLabel(messages.enrolment.signupConsent.town)).toHaveCount(0);
    await box.check();
    await expect(page.getByLabel(messages.enrolment.signupConsent.town)).toBeVisible();
    await expectNoAxeFindings(page, `step 1 with the consent ticked at ${viewport.width} px`, { exclude: TOASTS });
  });

  test(`/support offers live chat only while its link is set (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = await adminApiToken(request);
    const setChat = async (url: string) => {
      const res = await request.put('/api/admin/settings', {
        headers: { Authorization: `Bearer ${token}` },
        data: { live_chat_url: url },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    };
    // The page is rendered with the settings in force within PAGES_CHECK_MS (5 s) of a save, and shows
    // that render as it is (only its form and links hydrate): loaded again until the save shows.
    const seenWithin10s = (check: () => Promise<void>) =>
      expect(async () => {
        await page.goto('/support');
        await check();
      }).toPass({ timeout: 10_000, intervals: [500] });
    await setChat('');
    await seenWithin10s(async () => {
      await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible({ timeout: 1_000 });
      // The support details in force (the hours) and no live chat.
      await expect(page.getByText('Weekdays, 9 AM to 5 PM (social proof journey)').first()).toBeVisible({
        timeout: 1_000,
      });
      await expect(page.getByText('Live chat')).toHaveCount(0, { timeout: 1_000 });
    });

    await setChat('https://chat.example/school');
    const chat = page.getByTestId('live-chat');
    await seenWithin10s(() => expect(chat.getByRole('heading', { name: 'Live chat' })).toBeVisible({ timeout: 1_000 }));
    await expect(chat.getByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      'https://chat.example/school',
    );
    await expectNoAxeFindings(page, `/support with live chat at ${viewport.width} px`, { exclude: TOASTS });
    await setChat('');
  });

  test(`Settings warns, at the top, what students are promised but is not set (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSettings(page);
    const warnings = page.getByTestId('settings-warnings');
    await expect(warnings.getByRole('heading', { name: messages.admin.settingsWarnings.heading })).toBeVisible();
    const w = messages.admin.settingsWarnings;
    for (const text of [w.courseLink('Foundation'), w.courseLink('Pro'), w.cpdNumber]) {
      await expect(warnings.getByText(text)).toBeVisible();
    }
    // The support email and community link are the built-in ones; the hours come from this server's environment.
    // (The seller's address may have been saved by the invoices journey sharing this server.)
    await expect(warnings.getByRole('listitem').filter({ hasNotText: 'Seller address' })).toHaveCount(5);
    await expect(warnings.getByText(/Support hours/)).toHaveCount(0);
    // Above the form.
    const form = page.getByRole('button', { name: 'Save settings' });
    expect((await warnings.boundingBox())!.y).toBeLessThan((await form.boundingBox())!.y);
    // The two new settings: an on/off switch and a URL field.
    await expect(page.getByRole('switch', { name: SETTING_LABELS.sample_signups.label })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: SETTING_LABELS.live_chat_url.label })).toHaveAttribute(
      'type',
      'url',
    );
    await expectNoAxeFindings(page, `Settings with warnings at ${viewport.width} px`, { exclude: TOASTS });
  });
}

test.describe('the recent sign-ups widget', () => {
  test.describe.configure({ mode: 'serial' });

  test('shows nothing with no consenting paid student and examples off', async ({ page, request }) => {
    // A paid student who did not tick the box.
    const registration = await request.post('/api/students', {
      data: { first_name: 'Quietly', last_name: 'Paid', email: uniqueEmail('no-consent') },
    });
    expect(registration.status()).toBe(201);
    const answer = await (await request.get('/api/recent-signups')).json();
    expect(answer).toEqual({ notifications: [], samples_allowed: false });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await widgetAnswered(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByTestId('signup-card')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Recent sign-ups' })).toHaveCount(0);
      await expect(page.getByText(/just enrolled|minutes ago/)).toHaveCount(0);
    }
  });

  test('shows examples, each marked "Example", once the owner turns them on in Settings', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSettings(page);
    const toggle = page.getByRole('switch', { name: SETTING_LABELS.sample_signups.label });
    await toggle.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(messages.admin.settingsSaved)).toBeVisible();

    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport });
      const visitor = await context.newPage();
      // The API caches its answer for 15 s: reload until the examples show.
      await expect(async () => {
        await visitor.goto('/');
        await widgetAnswered(visitor);
        await expect(visitor.getByTestId('signup-card').first()).toBeAttached({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const cards = visitor.getByTestId('signup-card');
      for (const card of await cards.all()) {
        await expect(card).toHaveAttribute('data-example', 'true');
        await expect(card).toContainText('Example');
        await expect(card).not.toContainText(/just enrolled|ago|Just now/);
      }
      await visitor.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(visitor.getByRole('region', { name: 'Recent sign-ups' })).toBeVisible();
      await expectNoAxeFindings(visitor, `the landing page with example sign-ups at ${viewport.width} px`, {
        exclude: TOASTS,
      });
      await context.close();
    }

    await toggle.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(messages.admin.settingsSaved).first()).toBeVisible();
  });
});
