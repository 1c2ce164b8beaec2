/**
 * Signing in at /student-login, in both of the server's modes (the `chromium` project's codes, the
 * `email-login` project's email alone: playwright.config.ts), and where each kind of student lands.
 * What the dashboard shows once signed in does not depend on the mode: student-dashboard.spec.ts.
 */
import { enrolStudentViaApi, expect, priceText, test } from './fixtures';
import { signInStudentInCapitals as logIn } from './student-login';

test.describe('student login', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown email is told to check it or enrol', async ({ page }) => {
    await page.goto('/student-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Login' })).toBeVisible();
    await expect(page.getByText('do not share your login details')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start your enrollment' })).toHaveAttribute('href', '/enroll');
    await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
    await expect(page.getByText('Please enter your email address').first()).toBeVisible();
    // Spaces alone are no address either, and a typed address is sent without its spaces.
    await page.getByLabel('Email address').fill('   ');
    await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email address').fill('  nobody-here@example.com ');
    await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
    await expect(page.getByText('Email not found. Please check your email or start a new enrollment.')).toBeVisible();
    await expect(page).toHaveURL(/\/student-login$/);
  });

  test('a student whose enrolment is unpaid is sent to finish enrolling', async ({ page, request }) => {
    const student = await enrolStudentViaApi(request, { pay: 'none' });
    await logIn(page, student.email);
    await expect(page.getByText('Please complete your enrollment payment to access your dashboard.')).toBeVisible();
    await expect(page).toHaveURL(/\/enroll/);
  });

  test('without a session the dashboard sends the visitor to log in', async ({ page }) => {
    await page.goto('/student-dashboard');
    await expect(page).toHaveURL(/\/student-login$/);
    await expect(page.getByText('Please log in to access your dashboard')).toBeVisible();
  });
});

test('an enrolled student without a course chooses between the two courses', async ({ page, request }) => {
  const student = await enrolStudentViaApi(request, { pay: 'enrollment' });
  await logIn(page, student.email);
  await expect(page.getByText('Welcome back! Accessing your student dashboard.')).toBeVisible();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enrollment Confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose Foundation' })).toHaveAttribute(
    'href',
    '/enroll?step=course-selection&course=foundation',
  );
  await expect(page.getByRole('link', { name: 'Choose Pro' })).toHaveAttribute(
    'href',
    '/enroll?step=course-selection&course=pro',
  );
  await expect(page.getByText(priceText('course', 'foundation'))).toBeVisible();
  await expect(page.getByText(priceText('course', 'pro'))).toBeVisible();
  await expect(page.getByText('9 stages')).toBeVisible();
  await expect(page.getByText('Monetization with YouTube & TikTok')).toBeVisible();
  const status = page
    .getByRole('region', { name: 'Account Status' })
    .or(page.locator('[aria-labelledby="account-status"]'));
  await expect(status).toContainText(`Paid (${priceText('enrollment')})`);
  await expect(status).toContainText('Pending');
  await expect(status).toContainText('Locked');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('student_data'))).toBeNull();
  await page.goto('/student-dashboard');
  await expect(page).toHaveURL(/\/student-login$/);
});
