/**
 * Each wizard step is in the address. Browser Back goes to the previous step, a reload
 * stays on the step with its choices, and what the server saved (course, date, payments) wins over
 * a forgotten tab.
 */
import { signInStudent } from './student-login';
import type { Page } from '@playwright/test';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings, settled, TOASTS } from './page-checks';

const step = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });

async function expectStepAfterReload(page: Page, name: string | RegExp) {
  await page.reload();
  await expect(step(page, name)).toBeVisible();
}

test('Back and reload on every step of a Complete Package keep the step and its choices', async ({ page }) => {
  const email = uniqueEmail('history');
  await page.goto('/enroll');
  await fillPersonalInfo(page, email);
  await continueToStep(page, 'Choose Your Payment Option');
  await expect(page).toHaveURL(/step=payment-type/);
  await page.getByRole('radio', { name: /Complete Package/ }).click();
  await continueToStep(page, 'Choose Your Course');
  await expect(page).toHaveURL(/step=course-selection/);
  await page.getByRole('radio', { name: /Pro Course/ }).click();
  await chooseFirstStartDate(page);
  const courseDates = (await page.getByLabel('Your course dates').textContent()) ?? '';
  await continueToStep(page, 'Payment');
  await expect(page).toHaveURL(/step=payment/);
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText(priceText('combined', 'pro'));

  // Step 4: reload keeps the order.
  await expectStepAfterReload(page, 'Payment');
  await expect(total).toHaveText(priceText('combined', 'pro'));

  // Back to step 3: the course and the date are still chosen, also after a reload.
  await page.goBack();
  await expect(step(page, 'Choose Your Course')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Pro Course/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Your course dates')).toHaveText(courseDates);
  await expectStepAfterReload(page, 'Choose Your Course');
  await expect(page.getByRole('radio', { name: /Pro Course/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Your course dates')).toHaveText(courseDates);

  // Back to step 2: the Complete Package is still chosen.
  await page.goBack();
  await expect(step(page, 'Choose Your Payment Option')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Complete Package/ })).toHaveAttribute('aria-checked', 'true');
  await expectStepAfterReload(page, 'Choose Your Payment Option');
  await expect(page.getByRole('radio', { name: /Complete Package/ })).toHaveAttribute('aria-checked', 'true');

  // Back to step 1: the registered student, not an empty form.
  await page.goBack();
  await expect(page.getByText(`You are enrolling as Jane Reader (${email})`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`You are enrolling as Jane Reader (${email})`)).toBeVisible();

  // Forward again through the browser, then the wizard's own Back agrees with the browser's.
  await page.goForward();
  await expect(step(page, 'Choose Your Payment Option')).toBeVisible();
  await page.goForward();
  await expect(step(page, 'Choose Your Course')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(step(page, 'Choose Your Payment Option')).toBeVisible();
  await page.goBack();
  await expect(page.getByText(`You are enrolling as Jane Reader (${email})`)).toBeVisible();
});

test('an enrolment-only payment: reload on step 3, 4 and the confirmation keeps the step', async ({ page }) => {
  await page.goto('/enroll');
  await fillPersonalInfo(page, uniqueEmail('history-fee'));
  await continueToStep(page, 'Choose Your Payment Option');
  await continueToStep(page, 'Course Selection');
  await expectStepAfterReload(page, 'Course Selection');
  await continueToStep(page, 'Payment');
  await expectStepAfterReload(page, 'Payment');
  await expect(page.getByTestId('order-total')).toHaveText(priceText('enrollment'));
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Programme!' })).toBeVisible();
  await expect(page).toHaveURL(/step=confirmation/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to the Programme!' })).toBeVisible();
  // The paid enrolment is never offered for payment again: Back does not reopen the card form.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Welcome to the Programme!' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Back from /success after a Complete Package returns to the confirmation, never to a form or a Pay button', async ({
      page,
    }) => {
      await page.goto('/enroll');
      await fillPersonalInfo(page, uniqueEmail('history-success'));
      await continueToStep(page, 'Choose Your Payment Option');
      await page.getByRole('radio', { name: /Complete Package/ }).click();
      await continueToStep(page, 'Choose Your Course');
      await page.getByRole('radio', { name: /Foundation Course/ }).click();
      await chooseFirstStartDate(page);
      await continueToStep(page, 'Payment');
      await enterCard(page);
      await page.getByRole('button', { name: `Pay ${priceText('combined', 'foundation')}` }).click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/step=confirmation/);
      await expect(step(page, 'Welcome to the Programme!')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
      await expect(page.getByLabel('Email Address')).toHaveCount(0);
      await settled(page);
      await expectNoAxeFindings(page, `the confirmation after Back at ${size.width} px`, { exclude: TOASTS });
      // Its next step is the dashboard, where the student is signed in.
      await page.getByRole('main').getByRole('link', { name: 'Go to Student Dashboard' }).click();
      await expect(page).toHaveURL(/\/student-dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome, Jane!' })).toBeVisible();
    });
  });
}

test('a reload resumes from what the server saved: the course and date chosen before', async ({ page, request }) => {
  const { token, id, email } = await enrolStudentViaApi(request, { pay: 'none', course: 'pro', firstName: 'Sav' });
  await page.goto('/');
  await page.evaluate((session) => localStorage.setItem('student_data', JSON.stringify(session)), {
    token,
    student: { id, email, first_name: 'Sav', last_name: 'Lovelace', enrollment_paid: false, course_paid: false },
  });
  // An address without the choices (an old bookmark): the server's saved course fills them in.
  await page.goto('/enroll?step=payment&type=combined');
  await expect(step(page, 'Payment')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(priceText('combined', 'pro'));
  // A step that is not reachable yet falls back to the one that is (no course for a course payment).
  await page.goto('/enroll?step=confirmation');
  await expect(step(page, 'Choose Your Payment Option')).toBeVisible();
  await expect(page).toHaveURL(/step=payment-type/);
});

test.describe('a returning customer who did not pay', () => {
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('gets the spec message and a way to sign in and resume the payment', async ({ page, request }) => {
    const { email } = await enrolStudentViaApi(request, { pay: 'none', firstName: 'Remy' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Journey' }).first().click();
    await fillPersonalInfo(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Email already registered. Please use a different email.' });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Sign in and resume' }).click();
    await expect(page).toHaveURL(/\/student-login$/);
    await signInStudent(page, email);
    await expect(step(page, 'Choose Your Payment Option')).toBeVisible();
    await continueToStep(page, 'Course Selection');
    await continueToStep(page, 'Payment');
    await expect(page.getByTestId('order-total')).toHaveText(priceText('enrollment'));
  });
});
