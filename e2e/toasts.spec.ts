/**
 * Toasts (lib/toast.ts, lib/toast-placement.ts): every kind meets WCAG AA contrast (axe with toasts
 * showing), a toast never lies over the payment form's fields or the Pay button on a phone and on a
 * short desktop, nor over step 2's Continue or payment cards when a sign-in opens the wizard, and
 * logging out closes the "Payment successful!" toast.
 */
import type { Locator, Page } from '@playwright/test';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { messages } from '@shared/messages';
import { enrolStudentViaApi, expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings } from './page-checks';
import { signInStudent } from './student-login';

const TOAST = '[data-sonner-toast]';

/**
 * Waits until the toast has faded in (axe would measure a half-faded one), then holds it under the
 * pointer, where Sonner pauses it: on a slow machine the checks that follow outlasted its 4 s, and
 * axe measured it fading out.
 */
async function fullyShown(toast: Locator) {
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await toast.hover();
}

/** The register → Complete Package → Foundation → first date → payment step, with every box of the step ticked. */
async function reachPayment(page: Page) {
  await page.goto('/enroll');
  await fillPersonalInfo(page, uniqueEmail('toasts'));
  await continueToStep(page, 'Choose Your Payment Option');
  await page.getByRole('radio', { name: /Complete Package/ }).click();
  await expect(page.getByRole('radio', { name: /Complete Package/ })).toBeChecked();
  // The registration toast may be moving between its bands as this click lands, through the Continue
  // button's place: it takes no tap while it moves (the test below).
  await continueToStep(page, 'Choose Your Course');
  await page.getByRole('radio', { name: /Foundation Course/ }).click();
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');
  // The terms of sale box (and any other the step asks for): this spec is about toasts.
  for (const box of await page.locator('main input[type="checkbox"]').all()) await box.check();
}

/** The payment form's fields and its Pay button. */
const PAYMENT_FORM =
  'main input:not([type="hidden"]), main select, main textarea, main iframe, main [data-primary-action]';

/**
 * The controls (`selector`) that a toast lies over, or 'no toast' when none shows. (On a phone at the
 * payment step's end both bands can hold a control: the toast then takes the one with fewer, e.g. over
 * the Back button, which PAYMENT_FORM leaves out.)
 */
async function coveredControls(page: Page, selector = PAYMENT_FORM): Promise<string[] | 'no toast'> {
  return page.evaluate(
    ({ toastSelector, controlSelector }) => {
      const toasts = Array.from(document.querySelectorAll(toastSelector)).map((t) => t.getBoundingClientRect());
      if (toasts.length === 0) return 'no toast';
      return Array.from(document.querySelectorAll(controlSelector))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return toasts.some(
            (t) => r.width > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom,
          );
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    },
    { toastSelector: TOAST, controlSelector: selector },
  );
}

test.describe('toast contrast', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`every kind of toast passes axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInToAdmin(page);
      const toast = page.locator(TOAST).filter({ hasText: 'Login successful!' });
      await fullyShown(toast);
      // The success toast as shown, plus the same toast in each other kind's colours beside it.
      await toast.evaluate((el) => {
        for (const kind of ['error', 'info', 'warning']) {
          const copy = el.cloneNode(true) as HTMLElement;
          copy.dataset.type = kind;
          copy.removeAttribute('data-sonner-toast');
          copy.setAttribute('data-sonner-toast', '');
          copy.style.position = 'static';
          el.parentElement!.append(copy);
        }
      });
      const kinds = await page
        .locator('[data-rich-colors="true"]')
        .evaluateAll((elements) => elements.map((el) => (el as HTMLElement).dataset.type));
      expect(kinds.sort()).toEqual(['error', 'info', 'success', 'warning']);
      await expectNoAxeFindings(page, `the admin dashboard with every kind of toast at ${viewport.width} px`);
    });
  }
});

test.describe('toasts never lie over the payment form', () => {
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  for (const viewport of [
    { name: 'a phone', width: 390, height: 844 },
    { name: 'a short desktop', width: 1024, height: 700 },
  ]) {
    test(`a declined card on ${viewport.name} (${viewport.width}×${viewport.height})`, async ({ page }, info) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await reachPayment(page);
      const pay = page.getByRole('button', { name: /^Pay £/ });
      await enterCard(page, { number: '4000 0000 0000 0002' });

      // The Pay button where a bottom toast would sit (just above the help launcher's band).
      await pay.evaluate((button) => {
        const box = button.getBoundingClientRect();
        window.scrollBy(0, box.bottom - (window.innerHeight - 100));
      });
      await pay.click();
      const declined = page.locator(TOAST).filter({ hasText: 'declined' });
      await fullyShown(declined);
      await page.screenshot({ path: info.outputPath('declined-pay-in-bottom-band.png') });
      expect(await coveredControls(page), 'fields or the Pay button under the toast').toEqual([]);
      await expectNoAxeFindings(page, `the payment step with an error toast on ${viewport.name}`);
      // They close by themselves (4 s) once the pointer is off them.
      await page.mouse.move(0, 0);
      await expect(page.locator(TOAST)).toHaveCount(0, { timeout: 15_000 });

      // With the form's fields at the top of the screen and the postcode in use, the toast keeps clear too.
      const postcode = page.getByLabel('Postcode');
      await postcode.evaluate((field) => field.scrollIntoView({ block: 'start' }));
      await postcode.focus();
      await pay.click();
      await fullyShown(declined);
      await page.screenshot({ path: info.outputPath('declined-fields-at-top.png') });
      expect(await coveredControls(page), 'fields or the Pay button under the toast').toEqual([]);
    });
  }
});

test.describe('a toast raised as the page changes moves off the controls the next page draws under it', () => {
  // An unpaid student's sign-in raises its toast as the wizard opens at step 2; the top band holds the
  // page title and the step labels. At 1280×720 step 2's Continue is in the bottom band; on a phone
  // the Complete Package card is: either way a control outweighs any number of headings.
  for (const viewport of [
    { width: 1280, height: 720, under: 'Continue' },
    { width: 390, height: 844, under: 'the Complete Package card' },
  ]) {
    test(`at ${viewport.width}×${viewport.height}, off ${viewport.under}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const { email } = await enrolStudentViaApi(request, { pay: 'none', firstName: 'Toby' });
      await signInStudent(page, email);
      await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Payment Option' })).toBeVisible();
      await expect(page.locator(TOAST).filter({ hasText: messages.student.enrolmentUnpaid })).toBeVisible();
      await expect.poll(() => coveredControls(page, 'main button, main [role="radio"]')).toEqual([]);
      await page.getByRole('radio', { name: /Complete Package/ }).click();
      await expect(page.getByRole('radio', { name: /Complete Package/ })).toBeChecked();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Course' })).toBeVisible();
    });
  }
});

test('a toast takes no tap while it slides in or out: the button it slides over gets the click', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/enroll');
  // A toast placed in the other band slides in (and its old place out) through the screen's edge, where
  // a phone shows the wizard's Continue button once the page is scrolled to it: a tap's release landing
  // on it was lost. Sonner marks a leaving toast data-removed; an arriving one is new in the page.
  const states = await page.evaluate((selector) => {
    const toast = (removed: boolean) => {
      const element = document.createElement('li');
      element.setAttribute(selector.slice(1, -1), '');
      element.dataset.removed = String(removed);
      document.body.append(element);
      return element;
    };
    const arriving = toast(false);
    const whileArriving = getComputedStyle(arriving).pointerEvents;
    for (const animation of arriving.getAnimations()) animation.finish();
    const arrived = getComputedStyle(arriving).pointerEvents;
    const leaving = toast(true);
    for (const animation of leaving.getAnimations()) animation.finish();
    const whileLeaving = getComputedStyle(leaving).pointerEvents;
    arriving.remove();
    leaving.remove();
    return { whileArriving, arrived, whileLeaving };
  }, TOAST);
  expect(states).toEqual({ whileArriving: 'none', arrived: 'auto', whileLeaving: 'none' });
});

test('logging out closes the "Payment successful!" toast', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await reachPayment(page);
  await enterCard(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  const paid = page.locator(TOAST).filter({ hasText: 'Payment successful!' });
  await expect(paid).toBeVisible();
  // Hovered, a toast stays until closed: only the logout can close it within the check below.
  await paid.hover();
  await page.getByRole('link', { name: 'Go to Student Dashboard' }).click();
  await paid.hover();
  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await expect(paid).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(paid).toHaveCount(0, { timeout: 2_000 });
});
