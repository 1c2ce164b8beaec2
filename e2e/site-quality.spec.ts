/**
 * Every page at 320, 390 and 1280 px: no sideways scroll, zero axe findings (pages, every wizard step,
 * every admin tab and dialogs), and neither a toast nor the help launcher on top of the primary button,
 * nor a toast on a heading or the wizard's step labels; one spelling of "enrollment".
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { enterCard, continueToStep, fillPersonalInfo } from './enrolment-helpers';
import { adminApiToken, enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';

const viewports = [
  { name: '320', width: 320, height: 640 },
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
];

/**
 * Every page, in two halves that run in parallel. Each is loaded once at 320 px and resized to 390 and
 * 1280 px: no sideways scroll at each width, and no axe findings at 390 and 1280 px (the phone and the
 * desktop layouts; 320 px is the 390 px layout, narrower).
 */
const pageGroups = [
  ['/', '/enroll', '/success', '/student-login', '/support', '/privacy'],
  ['/terms', '/certificate-demo', '/verify/VBR-NOTREAL000', '/student-dashboard', '/admin/login', '/admin/dashboard'],
];

/**
 * Waits until the page shows what it will show: the app has hydrated (the router app's pages: Sonner's
 * notifications region mounts right after; the landing page, which hydrates only its islands and
 * shows no toast: the sign-up widget, mounted once the page has loaded), nothing is still loading,
 * and the data the page fetches is on it.
 */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  const path = new URL(page.url()).pathname;
  if (path === '/') await expect(page.getByTestId('signup-card').first()).toBeAttached();
  else await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
  if (path === '/admin/dashboard') {
    await expect(page.getByTestId('stat-total_students')).not.toHaveText('…');
    await expect(page.getByTestId('weekly-chart')).toBeVisible();
  }
  // A resize re-renders what depends on the width (e.g. the admin lists' phone cards) by the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The 320 px checks, then 390 and 1280 px with axe, on the page as it is now. */
async function checkEveryWidth(page: Page, where: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await settled(page);
    await expectNoSidewaysScroll(page, `${where} at ${viewport.name} px`);
    if (viewport.width >= 390) await expectNoAxeFindings(page, `${where} at ${viewport.name} px`);
  }
}

async function expectNoAxeFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe findings on ${where}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** Nothing floating (toasts, the help launcher, the sign-up widget) overlaps the button's box. */
async function expectUncovered(page: Page, button: Locator, where: string) {
  await expect(button).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  const target = (await button.boundingBox())!;
  const floating = await page
    .locator(
      '[data-sonner-toast], aside[aria-label="Help"] a, [data-testid="signup-widget"][data-stepped-aside="false"]',
    )
    .evaluateAll((elements) =>
      elements
        .filter((el) => getComputedStyle(el).visibility !== 'hidden')
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent?.trim().slice(0, 40) ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
        }),
    );
  const overlapping = floating.filter(
    (f) =>
      f.width > 0 &&
      f.x < target.x + target.width &&
      target.x < f.x + f.width &&
      f.y < target.y + target.height &&
      target.y < f.y + f.height,
  );
  expect(overlapping, `floating elements over the primary button on ${where}`).toEqual([]);
  // A tap at its centre reaches the button itself.
  const onTop = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit === el || el.contains(hit);
  });
  expect(onTop, `primary button reachable on ${where}`).toBe(true);
}

/** The toasts showing lie over no heading and none of the wizard's step labels (they sit at the bottom). */
async function expectToastsClearOfHeadings(page: Page, where: string) {
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  const covered = await page.evaluate(() => {
    const toasts = Array.from(document.querySelectorAll('[data-sonner-toast]')).map((t) => t.getBoundingClientRect());
    return Array.from(document.querySelectorAll('h1, h2, h3, nav[aria-label="Enrollment progress"] li'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return toasts.some(
          (t) => r.width > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom,
        );
      })
      .map((el) => el.textContent?.trim() ?? '');
  });
  expect(covered, `toasts over headings on ${where}`).toEqual([]);
}

// The verification page of an unknown certificate ID is answered 404, which Chromium logs.
test.describe('every page', () => {
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });
  for (const [index, pages] of pageGroups.entries()) {
    test(`every page, part ${index + 1} (${pages.join(' ')}): no sideways scroll at 320, 390 and 1280 px, no axe findings`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const student = await enrolStudentViaApi(request, { pay: 'combined', course: 'pro', firstName: 'Quality' });
      const adminToken = await adminApiToken(request);
      await page.goto('/');
      await page.evaluate(
        ([session, token]) => {
          sessionStorage.setItem('student_data', JSON.stringify(session));
          localStorage.setItem('admin_token', token);
        },
        [{ token: student.token, student: student.student }, adminToken] as const,
      );
      for (const path of pages) {
        await page.setViewportSize(viewports[0]!);
        await page.goto(path);
        await checkEveryWidth(page, path);
      }
      if (!pages.includes('/admin/dashboard')) return;

      // A dialog: the admin's Complete confirmation with progress and dates.
      await page.getByLabel('Search students').fill(student.email);
      await page
        .getByTestId(/^student-row(-card)?$/)
        .filter({ hasText: student.email })
        .getByRole('button', { name: 'Complete Quality Lovelace' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Mark the course completed?' });
      await expect(dialog.getByTestId('completion-progress')).toBeVisible();
      await checkEveryWidth(page, 'the Complete dialog');
      await expect(dialog.getByTestId('completion-progress')).toBeVisible();
    });
  }
});

test('every wizard step and every admin tab: no axe findings at 390 and 1280 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const unpaid = await enrolStudentViaApi(request, { pay: 'none', firstName: 'Steps' });
  const enrolled = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Steps' });
  await enrolStudentViaApi(request, { pay: 'combined', course: 'foundation', firstName: 'Steps' });
  const adminToken = await adminApiToken(request);
  const wizardSession = (s: typeof unpaid, enrolmentPaid: boolean) => ({
    token: s.token,
    student: {
      id: s.id,
      email: s.email,
      first_name: 'Steps',
      last_name: 'Lovelace',
      enrollment_paid: enrolmentPaid,
      course_paid: false,
    },
  });
  const desktopAndPhone = viewports.filter((v) => v.width >= 390);
  await page.goto('/privacy');
  for (const [query, session] of [
    ['step=payment-type', wizardSession(unpaid, false)],
    ['step=course-selection&type=combined', wizardSession(unpaid, false)],
    ['step=payment&type=enrollment', wizardSession(unpaid, false)],
    ['step=confirmation', wizardSession(enrolled, true)],
  ] as const) {
    await page.evaluate((value) => sessionStorage.setItem('student_data', JSON.stringify(value)), session);
    await page.goto(`/enroll?${query}`);
    for (const viewport of desktopAndPhone) {
      await page.setViewportSize(viewport);
      await settled(page);
      await expectNoAxeFindings(page, `/enroll?${query} at ${viewport.name} px`);
    }
  }

  await page.evaluate((token) => localStorage.setItem('admin_token', token), adminToken);
  await page.goto('/admin/dashboard');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  // An owner sees every tab (staff see fewer: e2e/admin-security.spec.ts).
  await expect(tabs).toHaveCount(14);
  for (const viewport of desktopAndPhone) {
    await page.setViewportSize(viewport);
    for (const name of await tabs.allTextContents()) {
      await tabs.filter({ hasText: name }).click();
      const panel = page.getByRole('tabpanel', { name });
      await expect(panel).toBeVisible();
      await settled(page);
      await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeFindings(page, `the admin's ${name} tab at ${viewport.name} px`);
    }
  }
});

test.describe('toasts and the help launcher never cover the primary action', () => {
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  for (const viewport of viewports) {
    test(`after a declined card and on /success (${viewport.name} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.goto('/enroll');
      await fillPersonalInfo(page, uniqueEmail('toasts'));
      await continueToStep(page, 'Choose Your Payment Option');
      await expectUncovered(
        page,
        page.getByRole('button', { name: 'Continue' }),
        'step 2 after the registration toast',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectToastsClearOfHeadings(page, 'step 2 after the registration toast');
      await page.getByRole('radio', { name: /Complete Package/ }).click();
      await continueToStep(page, 'Choose Your Course');
      await page.getByRole('radio', { name: /Foundation Course/ }).click();
      await page.getByRole('combobox', { name: 'Start Date' }).click();
      await page.getByRole('option').first().click();
      await continueToStep(page, 'Payment');

      const pay = page.getByRole('button', { name: `Pay ${priceText('combined', 'foundation')}` });
      await enterCard(page, { number: '4000 0000 0000 0002' });
      await pay.click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'declined' })).toBeVisible();
      await expectUncovered(page, pay, 'the payment step after a decline');
      await expectToastsClearOfHeadings(page, 'the payment step after a decline');

      await enterCard(page);
      await pay.click();
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Payment successful!' })).toBeVisible();
      await expectUncovered(page, page.getByRole('link', { name: 'Go to Student Dashboard' }), '/success');
      await expectToastsClearOfHeadings(page, '/success');
    });
  }
});

/** The product's fixed texts that spell it with one l (kept verbatim). */
const FIXED_ONE_L_TEXTS = ['Enrolment Registration'];
/** The one-l forms; "enrolled" and "enrolling" are the same in both spellings. */
const ONE_L = /\b(enrol|enrols|enrolment|enrolments)\b/gi;

/** Every text node of the page (hidden ones too, e.g. closed FAQ answers), the title and the labels. */
async function siteCopy(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE' && parent !== 'NOSCRIPT') parts.push(node.textContent ?? '');
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt'])
        parts.push(el.getAttribute(attribute) ?? '');
    }
    return parts.join('\n');
  });
}

test('the site spells "enrollment" one way, with two l\'s, outside its fixed texts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const paid = await enrolStudentViaApi(request, { pay: 'combined', course: 'foundation', firstName: 'Speller' });
  const unpaid = await enrolStudentViaApi(request, { pay: 'none', firstName: 'Speller' });
  const adminToken = await adminApiToken(request);
  const found: string[] = [];
  const check = async (where: string) => {
    await settled(page);
    let copy = await siteCopy(page);
    for (const fixed of FIXED_ONE_L_TEXTS) copy = copy.split(fixed).join('');
    for (const match of copy.matchAll(ONE_L)) {
      found.push(`${where}: "…${copy.slice(Math.max(0, match.index - 30), match.index + 30).replace(/\s+/g, ' ')}…"`);
    }
  };

  for (const path of [
    '/',
    '/support',
    '/privacy',
    '/terms',
    '/student-login',
    '/success',
    '/certificate-demo',
    '/admin/login',
    '/enroll',
  ]) {
    await page.goto(path);
    await check(path);
  }
  // The FAQ answers, opened.
  await page.goto('/support');
  const closed = page.locator('main details:not([open]) > summary');
  for (let opened = 0; opened < 40 && (await closed.count()) > 0; opened += 1) await closed.first().click();
  await expect(page.locator('main details[open]')).not.toHaveCount(0);
  await check('/support with every answer open');

  // The wizard's later steps, as the student who registered but has not paid.
  await page.evaluate((session) => sessionStorage.setItem('student_data', JSON.stringify(session)), {
    token: unpaid.token,
    student: {
      id: unpaid.id,
      email: unpaid.email,
      first_name: 'Speller',
      last_name: 'Lovelace',
      enrollment_paid: false,
      course_paid: false,
    },
  });
  for (const query of [
    'step=payment-type',
    'step=course-selection&type=enrollment',
    'step=course-selection&type=combined',
    'step=payment&type=enrollment',
  ]) {
    await page.goto(`/enroll?${query}`);
    await check(`/enroll?${query}`);
  }

  // The student dashboard and the admin dashboard.
  await page.evaluate((session) => sessionStorage.setItem('student_data', JSON.stringify(session)), {
    token: paid.token,
    student: paid.student,
  });
  await page.goto('/student-dashboard');
  await check('/student-dashboard');
  await page.evaluate((token) => localStorage.setItem('admin_token', token), adminToken);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('weekly-chart')).toBeVisible();
  await check('/admin/dashboard');
  expect(found, 'one-l spellings outside the fixed texts').toEqual([]);
});
