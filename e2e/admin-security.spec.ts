/**
 * Admin security in the browser: an owner turns on two-factor sign-in (QR code, key, confirmation
 * code, recovery codes shown once), signs out and back in with a code, and invites a staff admin,
 * who signs in to the Security tab alone until the generated password is replaced with their own,
 * then sees neither Payments nor the owner-only buttons, while the API refuses them too.
 * The owner is a new admin, not the worker's e2e admin, whose password-only sign-in other journeys use.
 */
import { adminSectionNav, openAdminTab } from './admin-nav';
import { Secret, TOTP } from 'otpauth';
import { messages } from '@shared/messages';
import { adminApiToken, enrolStudentViaApi, expect, signInToAdmin, test } from './fixtures';
import { expectNoAxeFindings } from './page-checks';

/**
 * The code an authenticator app shows now, or (`nextStep`) the one it shows 30 s later: the server
 * accepts a step either side of its own, and only a step later than the last one used.
 */
function totpCode(secret: string, nextStep = false): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + (nextStep ? 30_000 : 0) });
}

/** Toasts fade in and out: axe would measure a half-transparent one. */
const TOASTS = '[data-sonner-toast]';

// Chromium logs the answers the journey provokes: 401 at login until the code is given, 400 for a wrong
// code, 403 password_change_required to the invited admin's dashboard until the password is replaced.
test.use({ allowConsoleErrors: [/status of (401 \(Unauthorized\)|400 \(Bad Request\)|403 \(Forbidden\))/] });

test('an owner turns on two-factor sign-in, signs in with a code, and invites a staff admin who must replace the generated password first and cannot see Payments', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const setupToken = await adminApiToken(request);
  const created = await request.post('/api/admin/admins', {
    headers: { Authorization: `Bearer ${setupToken}` },
    data: { username: `owner-${Date.now().toString(36)}`, role: 'owner' },
  });
  expect(created.status()).toBe(201);
  const invitedOwner = (await created.json()) as { username: string; password: string };
  // An invited admin replaces the generated password first (the staff admin below does it on screen).
  const ownerLogin = await request.post('/api/admin/login', { data: invitedOwner });
  const ownerToken = ((await ownerLogin.json()) as { access_token: string }).access_token;
  const owner = { username: invitedOwner.username, password: `owner-passphrase-${Date.now()}` };
  const replaced = await request.post('/api/admin/me/password', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { current_password: invitedOwner.password, new_password: owner.password },
  });
  expect(replaced.status()).toBe(200);
  await enrolStudentViaApi(request, { pay: 'enrollment', firstName: 'Secure' });

  // 1. The owner turns on two-factor sign-in from the Security tab (at phone width).
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAdmin(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(page, 'Security');
  const security = page.getByRole('tabpanel', { name: 'Security' });
  const twoFactor = security.getByRole('region', { name: 'Two-factor sign-in' });
  // A session alone cannot change two-factor sign-in: the current password first.
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(twoFactor.getByText(messages.adminSecurity.currentPasswordRequired)).toBeVisible();
  await twoFactor.getByLabel('Current password').fill(owner.password);
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await security.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeFindings(page, 'the two-factor set-up at 390 px', { exclude: TOASTS });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A wrong code is refused in place.
  await twoFactor.getByLabel('Current password').fill(owner.password);
  await twoFactor.getByLabel('Code from the app').fill('000000');
  await security.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(security.getByText(/That code is not right/)).toBeVisible();
  await twoFactor.getByLabel('Code from the app').fill(totpCode(secret));
  await security.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectNoAxeFindings(page, 'the recovery codes at 390 px', { exclude: TOASTS });
  await security.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(security.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(codes).toHaveCount(0);

  // 2. Signed out and in again: the password, then (asked for) a code from the app, typed with the keyboard.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await signInToAdmin(page, owner);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  await expectNoAxeFindings(page, 'the login code step', { exclude: TOASTS });
  // The confirmation code's step is used: the next step's code signs in without waiting for it.
  await page.keyboard.type(totpCode(secret, true));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // 3. The owner invites a staff admin in the Admins tab; the password is shown once.
  await openAdminTab(page, 'Admins');
  const adminsPanel = page.getByRole('tabpanel', { name: 'Admins' });
  await expect(adminsPanel.getByTestId('admin-row').filter({ hasText: owner.username })).toContainText('On');
  const staffName = `staff-${Date.now().toString(36)}`;
  await adminsPanel.getByLabel('Username').fill(staffName);
  await adminsPanel.getByLabel('Role', { exact: true }).selectOption('staff');
  await adminsPanel.getByRole('button', { name: 'Add admin' }).click();
  const password = (await adminsPanel.getByTestId('new-admin-password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(20);
  await expect(adminsPanel.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await expect(adminsPanel.getByTestId('admin-row').filter({ hasText: staffName })).toBeVisible();
  await expectNoAxeFindings(page, 'the Admins tab', { exclude: TOASTS });
  // Removing asks first; cancelling keeps the admin.
  await adminsPanel.getByRole('button', { name: `Remove ${staffName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove admin' });
  await expect(dialog).toContainText(`Remove admin ${staffName}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(adminsPanel.getByTestId('admin-row').filter({ hasText: staffName })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  // 4. The staff admin signs in with the generated password: only the Security tab, until it is replaced.
  await signInToAdmin(page, { username: staffName, password });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(
    page.getByRole('alert').filter({ hasText: messages.adminSecurity.passwordChangeRequired }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(adminSectionNav(page)).toHaveCount(0);
  const invitedToken = await page.evaluate(() => localStorage.getItem('admin_token'));
  const notYet = await request.get('/api/admin/students', { headers: { Authorization: `Bearer ${invitedToken}` } });
  expect(notYet.status()).toBe(403);
  expect(await notYet.json()).toMatchObject({ password_change_required: true });

  // 5. The staff admin replaces the generated password with their own (the Security page alone, no sections).
  const setup = page.getByRole('main');
  const setupPassword = setup.getByRole('region', { name: 'Password' });
  await setupPassword.getByLabel('Current password').fill(password);
  await setup.getByLabel('New password', { exact: true }).fill('short');
  await setup.getByRole('button', { name: 'Change password' }).click();
  await expect(setup.getByText(messages.adminSecurity.passwordTooShort(12))).toBeVisible();
  const own = 'staff-chose-this-passphrase';
  await setup.getByLabel('New password', { exact: true }).fill(own);
  await setup.getByLabel('New password again').fill(own);
  await setup.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.adminSecurity.passwordChanged)).toBeVisible();
  await expectNoAxeFindings(page, 'the Security tab with the password form', { exclude: TOASTS });

  // 6. This device stays signed in, with the new token, and the staff tabs open: no Payments,
  // Activity, Emails, Broadcasts or Admins tab, no Mark Paid, Delete or Export.
  // Staff have no Course section, and no owner tab in the others.
  await expect(adminSectionNav(page).getByRole('link')).toHaveText(['Overview', 'Students', 'Money', 'School']);
  for (const [section, hidden] of [
    ['Money', 'Payments'],
    ['School', 'Activity'],
    ['School', 'Emails'],
    ['Students', 'Broadcasts'],
    ['School', 'Admins'],
  ] as const) {
    await adminSectionNav(page).getByRole('link', { name: section, exact: true }).click();
    await expect(page.getByRole('tablist', { name: `${section} tabs` })).toBeVisible();
    await expect(page.getByRole('tab', { name: hidden })).toHaveCount(0);
  }
  await openAdminTab(page, 'Student Management');
  const students = page.getByRole('tabpanel', { name: 'Student Management' });
  await expect(students.getByText('Secure').first()).toBeVisible();
  await expect(students.getByRole('button', { name: /^Mark Paid/ })).toHaveCount(0);
  await expect(students.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(students.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  // The server is the authority: the staff token is refused the payments list.
  const staffToken = await page.evaluate(() => localStorage.getItem('admin_token'));
  const refused = await request.get('/api/admin/payments', { headers: { Authorization: `Bearer ${staffToken}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).not.toHaveProperty('password_change_required');
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInToAdmin(page, { username: staffName, password });
  await expect(page.getByText(messages.admin.invalidCredentials)).toBeVisible();
  await signInToAdmin(page, { username: staffName, password: own });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
