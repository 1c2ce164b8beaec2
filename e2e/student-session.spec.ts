/**
 * The student's session (in both sign-in modes: this file runs in both projects), at 390 and 1280 px:
 * a student who has just paid reaches the dashboard signed in, in this tab, a new tab and after a
 * browser restart, until they sign out (in any tab); headers then offer My dashboard; the first visit
 * is greeted Welcome, later ones Welcome back. The receipt's one-time link signs in once and never
 * twice. A session the server no longer accepts shows the form again.
 */
import type { Browser, Page } from '@playwright/test';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings, settled } from './page-checks';
import { readSignInLink } from './student-login';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function payCompletePackage(page: Page, email: string) {
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
}

/** A browser restart: a new context from what this one stored (cookies and localStorage, not sessionStorage). */
async function restartedBrowser(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const storageState = await page.context().storageState();
  const context = await browser.newContext({ storageState, viewport, baseURL: new URL(page.url()).origin });
  return context.newPage();
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('after paying, a new tab and a restarted browser open the dashboard; the header says so; a logout in one tab signs out the others', async ({
      page,
      browser,
    }) => {
      // Four pages, two axe scans and a browser restart: 45–60 s on a 2-core machine alone, over 2 min on a
      // slower one beside the API tests.
      test.setTimeout(240_000);
      await payCompletePackage(page, uniqueEmail('paid-tabs'));

      // A new tab: the public page's header offers the dashboard, and the first visit is a welcome.
      const tab = await page.context().newPage();
      await tab.goto('/');
      const header = tab.getByRole('banner');
      await expect(header.getByRole('link', { name: 'My dashboard', exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
      await expectNoAxeFindings(tab, `/ signed in at ${size.width} px`);
      await header.getByRole('link', { name: 'My dashboard', exact: true }).click();
      await expect(tab).toHaveURL(/\/student-dashboard$/);
      await expect(tab.getByRole('heading', { name: 'Welcome, Jane!' })).toBeVisible();
      await settled(tab);
      await expectNoAxeFindings(tab, `the dashboard's first visit at ${size.width} px`);

      // A later visit (here: the first tab) is a return.
      await page.goto('/student-dashboard');
      await expect(page.getByRole('heading', { name: 'Welcome back, Jane!' })).toBeVisible();

      // The browser restarted: still signed in.
      const restarted = await restartedBrowser(browser, page, size);
      await restarted.goto('/student-dashboard');
      await expect(restarted.getByRole('heading', { name: 'Welcome back, Jane!' })).toBeVisible();
      await restarted.context().close();

      // Logout in the first tab: the other tab leaves the dashboard for the sign-in page.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(tab).toHaveURL(/\/student-login$/);
      await expect(tab.getByLabel('Email address')).toBeVisible();
      await tab.goto('/student-dashboard');
      await expect(tab).toHaveURL(/\/student-login$/);
    });
  });

  test.describe(`a receipt's sign-in link at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, allowConsoleErrors: [/status of 401/] });

    test('signs in once, leaves no secret in the address, and never twice', async ({ page, request }) => {
      const { email } = await enrolStudentViaApi(request, {
        pay: 'combined',
        course: 'foundation',
        firstName: 'Lina',
        email: uniqueEmail('receipt-link'),
      });
      const link = await readSignInLink(email, 'payment-receipt');

      await page.goto(link);
      await expect(page).toHaveURL(/\/student-dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome back, Lina!' })).toBeVisible();
      // The secret left the address bar and the history.
      await page.goBack();
      await expect(page).not.toHaveURL(/link=/);
      await expect(page).toHaveURL(/\/student-dashboard$/);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto(link);
      await expect(
        page.getByRole('alert').filter({ hasText: 'This sign-in link has expired or was already used' }),
      ).toBeVisible();
      await expect(page.getByLabel('Email address')).toBeVisible();
      await expect(page).toHaveURL(/\/student-login$/);
      await settled(page);
      await expectNoAxeFindings(page, `a used sign-in link at ${size.width} px`);
    });
  });
}

test('after paying in the wizard the student lands on the dashboard signed in, and /student-login sends them back there', async ({
  page,
}) => {
  await payCompletePackage(page, uniqueEmail('paid-session'));

  await page.getByRole('link', { name: 'Go to Student Dashboard' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jane!' })).toBeVisible();
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
