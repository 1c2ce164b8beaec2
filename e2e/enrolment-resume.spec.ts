import { nextIntake } from '@shared/schedule';
import { chooseFirstStartDate, enterCard } from './enrolment-helpers';
import { enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';

/** Puts a registered student's session in the browser, as the student login does. */
async function logIn(page: import('@playwright/test').Page, session: object) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('student_data', JSON.stringify(value)), session);
}

test('a logged-in student with unpaid enrolment resumes at step 2', async ({ page, request }) => {
  const email = uniqueEmail('resume');
  const res = await request.post('/api/students', { data: { first_name: 'Resa', last_name: 'Me', email } });
  const { id, token } = await res.json();
  await logIn(page, {
    token,
    student: { id, email, first_name: 'Resa', last_name: 'Me', enrollment_paid: false, course_paid: false },
  });
  await page.goto('/enroll');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Payment Option' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(`You are enrolling as Resa Me (${email})`)).toBeVisible();
});

test('course selection from the dashboard opens step 3 with that course chosen and takes the course payment', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('dashboard');
  const { token, student } = await enrolStudentViaApi(request, {
    pay: 'enrollment',
    firstName: 'Dash',
    lastName: 'Board',
    email,
  });
  await logIn(page, { token, student });

  await page.goto('/enroll?step=course-selection&course=pro');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Course' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Pro Course/ })).toHaveAttribute('aria-checked', 'true');
  await chooseFirstStartDate(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('order-total')).toHaveText(priceText('course', 'pro'));
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('course', 'pro')}` }).click();
  await expect(page).toHaveURL(/\/success$/);

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('student_data') ?? 'null'));
  expect(stored.student).toMatchObject({
    course_type: 'pro',
    course_paid: true,
    course_start_date: nextIntake().start_date,
  });
});

test('?success=true shows the completion page; /cancel shows the enrolment screen', async ({ page }) => {
  await page.goto('/enroll?success=true');
  await expect(page.getByRole('heading', { name: 'Enrollment Complete' })).toBeVisible();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Student Dashboard' })).toHaveAttribute(
    'href',
    '/student-dashboard',
  );
  await expect(page.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');

  await page.goto('/cancel');
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
});

test('/success opened directly claims no payment and offers no bonus, only a way to sign in', async ({ page }) => {
  await page.goto('/success');
  await expect(page.getByRole('heading', { level: 1, name: 'No recent payment to show' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Payment Successful')).toHaveCount(0);
  await expect(main.getByText(/bonus/i)).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
  await expect(main.getByRole('link', { name: 'Enroll', exact: true })).toHaveAttribute('href', '/enroll');
});

test('the wizard fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/enroll');
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
