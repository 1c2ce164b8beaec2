import { enrolStudentViaApi, expect, test, uniqueEmail } from './fixtures';
import { readLoginCode } from './student-login';

test.describe('sign-in with a code (the default STUDENT_LOGIN=code)', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('a student signs in with the 6-digit code from the email', async ({ page, request }) => {
    const student = await enrolStudentViaApi(request, { email: uniqueEmail('code-login'), pay: 'enrollment' });
    await page.goto('/student-login');
    await page.getByLabel('Email address').fill(student.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();

    await expect(page.getByText(`We sent a 6-digit code to ${student.email}`)).toBeVisible();
    const codeInput = page.getByLabel('6-digit code');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeInput).toBeFocused();
    await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    const code = await readLoginCode(student.email, since);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeInput.fill(wrong);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('That code is not right. Please check the email and try again.').first()).toBeVisible();

    // The whole code pasted with a space in the middle, as some mail apps copy it.
    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(codeInput).toHaveValue(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/student-dashboard$/);
    await expect(page.getByText('Welcome back! Accessing your student dashboard.')).toBeVisible();
    // The success closed the error it resolved.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'That code is not right' })).toHaveCount(0);
  });

  test('"Use another email" goes back to the first step', async ({ page, request }) => {
    const student = await enrolStudentViaApi(request, { email: uniqueEmail('code-back'), pay: 'enrollment' });
    await page.goto('/student-login');
    await page.getByLabel('Email address').fill(student.email);
    await page.getByRole('button', { name: 'Access My Course Dashboard' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${student.email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Use another email' }).click();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Access My Course Dashboard' })).toBeVisible();
  });
});
