/**
 * The wizard's session carries on (in both sign-in modes: this file runs in both projects): a student
 * who has just paid reaches the dashboard signed in, and /student-login with a live session goes
 * straight to the dashboard; a session the server no longer accepts shows the form again.
 */
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { expect, priceText, test, uniqueEmail } from './fixtures';

test('after paying in the wizard the student lands on the dashboard signed in, and /student-login sends them back there', async ({
  page,
}) => {
  const email = uniqueEmail('paid-session');
  await page.goto('/enroll');
  await fillPersonalInfo(page, email);
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

  await page.getByRole('link', { name: 'Go to Student Dashboard' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Jane!' })).toBeVisible();
  await expect(page.getByTestId('student-course')).toContainText('Foundation Course');

  // Signed in: the sign-in page is not needed.
  await page.goto('/student-login');
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Jane!' })).toBeVisible();

  // After logout the sign-in page stays.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/student-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Login' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect(page).toHaveURL(/\/student-login$/);
});

test.describe('a session the server no longer accepts', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('is dropped on /student-login, which shows the form', async ({ page }) => {
    await page.goto('/student-login');
    await page.evaluate(() =>
      localStorage.setItem(
        'student_data',
        JSON.stringify({
          token: 'expired',
          student: {
            id: '00000000-0000-4000-8000-000000000000',
            email: 'x@example.com',
            first_name: 'X',
            last_name: 'Y',
          },
        }),
      ),
    );
    await page.reload();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page).toHaveURL(/\/student-login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('student_data'))).toBeNull();
  });
});
