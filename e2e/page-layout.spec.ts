/**
 * The page frame on every public page, each wizard step, the student dashboard and the not-found page,
 * at 320, 390 and 1280 px (docs/decisions/036):
 * - one header: the brand once, Sign in (My dashboard with a student session) and Enroll Now (but on the page they lead to, and where the
 *   page's own action, Logout, stands instead), at most 64 px tall on phones; the footer as wide as it;
 * - what floats (the help launcher, the landing page's sign-up widget, toasts) never lies over a
 *   heading, a line of text, a field, a button, a link or a picture, measured at scroll positions from
 *   the top of the page to its end;
 * - no sideways scroll, and zero axe findings at 390 and 1280 px (the phone and the desktop layouts;
 *   320 px is the 390 px layout, narrower). The admin pages: site-quality.spec.ts.
 */
import type { Page } from '@playwright/test';
import { enrolStudentViaApi, expect, test } from './fixtures';
import { expectNoAxeFindings, expectNoSidewaysScroll, settled } from './page-checks';

const SITE_NAME = 'Video Book Review Specialist';

const viewports = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Session = 'none' | 'unpaid' | 'enrolled' | 'paid';

/** Each page, with the session it is seen with, and what its header offers. */
const pages: Array<{ path: string; session: Session; links: string[] }> = [
  { path: '/', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/support', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/privacy', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/terms', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/certificate-demo', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/verify/VBR-NOTREAL000', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/no-such-page', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/student-login', session: 'none', links: ['Enroll Now'] },
  { path: '/success', session: 'none', links: ['Sign in', 'Enroll Now'] },
  { path: '/enroll', session: 'none', links: ['Sign in'] },
  { path: '/enroll?step=payment-type', session: 'unpaid', links: ['My dashboard'] },
  { path: '/enroll?step=course-selection&type=combined', session: 'unpaid', links: ['My dashboard'] },
  { path: '/enroll?step=payment&type=enrollment', session: 'unpaid', links: ['My dashboard'] },
  { path: '/enroll?step=confirmation', session: 'enrolled', links: ['My dashboard'] },
  { path: '/student-dashboard', session: 'paid', links: ['Logout'] },
];

/** One header, the brand once, the page's links, ≤ 64 px on phones; the footer as wide as the header. */
async function expectOneFrame(page: Page, links: string[], where: string) {
  const header = page.getByRole('banner');
  await expect(header, `one header on ${where}`).toHaveCount(1);
  await expect(header.getByRole('link', { name: SITE_NAME, exact: true })).toHaveAttribute('href', '/');
  const brandTimes = await header.evaluate((el, name) => el.textContent!.split(name).length - 1, SITE_NAME);
  expect(brandTimes, `the brand in the header of ${where}`).toBeLessThanOrEqual(1);
  for (const name of ['Sign in', 'My dashboard', 'Enroll Now', 'Logout']) {
    const link = header.getByRole(name === 'Logout' ? 'button' : 'link', { name, exact: true });
    if (links.includes(name)) await expect(link, `${name} in the header of ${where}`).toBeVisible();
    else await expect(link, `no ${name} in the header of ${where}`).toHaveCount(0);
  }
  const headerBox = (await header.boundingBox())!;
  const headerRow = (await header.locator('> div').boundingBox())!;
  const footerRow = (await page.locator('footer > div').first().boundingBox())!;
  if (page.viewportSize()!.width <= 390) expect(headerBox.height, `header height on ${where}`).toBeLessThanOrEqual(64);
  expect(Math.round(footerRow.width), `footer width on ${where}`).toBe(Math.round(headerRow.width));
  expect(Math.round(footerRow.x), `footer left edge on ${where}`).toBe(Math.round(headerRow.x));
}

/**
 * What floating element lies over what content, at the current scroll position: text lines (by their
 * own boxes), fields, buttons, links and pictures against the help launcher, the sign-up widget and
 * the toasts, whichever are visible.
 */
function floatingOverContent(): string[] {
  const FLOATING = 'aside[aria-label="Help"], [data-testid="signup-widget"], [data-sonner-toaster]';
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.05;
  };
  const floating = Array.from(
    document.querySelectorAll('aside[aria-label="Help"] a, [data-testid="signup-widget"], [data-sonner-toast]'),
  )
    .filter(visible)
    .map((el) => ({
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30),
      box: el.getBoundingClientRect(),
    }))
    .filter(({ box }) => box.width > 0 && box.height > 0);
  if (floating.length === 0) return [];
  const hits = (r: DOMRect) =>
    r.width > 1 && r.height > 1
      ? floating.filter(
          ({ box }) => r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom,
        )
      : [];
  const found: string[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || parent.closest(FLOATING) || !visible(parent)) continue;
    if (parent.closest('script, style, noscript, [hidden]')) continue;
    // Text for screen readers only (a 1 px clipped box) is not on the screen.
    if (parent.getBoundingClientRect().width <= 1) continue;
    range.selectNodeContents(node);
    for (const rect of Array.from(range.getClientRects())) {
      for (const f of hits(rect)) found.push(`${f.name} over text "${node.textContent.trim().slice(0, 40)}"`);
    }
  }
  for (const el of Array.from(
    document.querySelectorAll('input, select, textarea, button, a, img, video, svg, h1, h2, h3, h4, h5, h6'),
  )) {
    if (el.closest(FLOATING) || !visible(el)) continue;
    for (const f of hits(el.getBoundingClientRect())) {
      found.push(
        `${f.name} over <${el.tagName.toLowerCase()}> "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`,
      );
    }
  }
  return [...new Set(found)];
}

/** From the top to the end of the page in steps of half a screen: nothing floating over content. */
async function expectNothingCovered(page: Page, where: string) {
  const { height, viewport } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  const positions = new Set<number>();
  for (let y = 0; y < height - viewport; y += Math.round(viewport / 2)) positions.add(y);
  positions.add(Math.max(0, height - viewport));
  const found: string[] = [];
  for (const y of positions) {
    // Scroll, then let the scroll handlers and the re-render they cause reach the screen (two frames).
    await page.evaluate(async (top) => {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, y);
    for (const hit of await page.evaluate(floatingOverContent)) found.push(`at ${y} px: ${hit}`);
  }
  expect(found, `floating elements over content on ${where}`).toEqual([]);
}

test.describe('the page frame', () => {
  // The verification page of an unknown certificate and the unknown page answer 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  for (const viewport of viewports) {
    test(`one header and footer, nothing floating over content, no sideways scroll${viewport.width >= 390 ? ', no axe findings' : ''}, on every page at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const unpaid = await enrolStudentViaApi(request, { pay: 'none', firstName: 'Frame' });
      const enrolled = await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Frame' });
      const paid = await enrolStudentViaApi(request, { pay: 'combined', course: 'pro', firstName: 'Frame' });
      const wizardStudent = (s: typeof unpaid, enrolmentPaid: boolean) => ({
        token: s.token,
        student: {
          id: s.id,
          email: s.email,
          first_name: 'Frame',
          last_name: 'Lovelace',
          enrollment_paid: enrolmentPaid,
          course_paid: false,
        },
      });
      const sessions: Record<Exclude<Session, 'none'>, unknown> = {
        unpaid: wizardStudent(unpaid, false),
        enrolled: wizardStudent(enrolled, true),
        paid: { token: paid.token, student: paid.student },
      };
      await page.setViewportSize(viewport);
      await page.goto('/privacy');
      for (const { path, session, links } of pages) {
        await page.evaluate(
          (value) =>
            value === null
              ? localStorage.removeItem('student_data')
              : localStorage.setItem('student_data', JSON.stringify(value)),
          session === 'none' ? null : sessions[session],
        );
        await page.goto(path);
        await settled(page);
        const where = `${path} at ${viewport.width} px`;
        await expectOneFrame(page, links, where);
        await expectNoSidewaysScroll(page, where);
        if (viewport.width >= 390) await expectNoAxeFindings(page, where);
        await expectNothingCovered(page, where);
      }
      // The sign-up widget shows at the end of the landing page, in the band kept free for it (with
      // sign-ups of students who agreed to be shown, as the API answers them; a fresh database has none).
      const notifications = ['Ada', 'Ben', 'Cy'].map((name) => ({
        id: name,
        first_name: name,
        signup_location: 'York',
        course_type: 'Foundation',
        signed_up_at: new Date().toISOString(),
      }));
      await page.route('**/api/recent-signups', (route) =>
        route.fulfill({ json: { notifications, samples_allowed: false } }),
      );
      await page.goto('/');
      await settled(page);
      await page.evaluate(async () => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      await expect(page.getByRole('region', { name: 'Recent sign-ups' })).toBeVisible();
      await expect(page.getByTestId('signup-widget')).toHaveAttribute('data-stepped-aside', 'false');
    });
  }
});
