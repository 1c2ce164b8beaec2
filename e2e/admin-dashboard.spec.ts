import { readFile } from 'node:fs/promises';
import { adminSectionNav, openAdminTab } from './admin-nav';
import { Setup } from './admin-setup';
import { admin, adminApiToken, enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';

// The wrong-password attempt and the revoked token are 401 responses, which Chromium logs as console errors.
test.use({ allowConsoleErrors: [/status of 401/] });

test('an admin logs in, works through every tab, exports, deletes and logs out', async ({ page, request }) => {
  // Every tab, dialog and export in one journey: a long journey (timing in docs/perf/history.md).
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const setup = new Setup(request, await adminApiToken(request), tag);
  const payer = await setup.student('Paula', 'pro');
  const approvee = await setup.student('Ida', 'foundation');
  await setup.markPaid(approvee);
  await setup.uploadId(approvee);
  const rejectee = await setup.student('Reggie', 'pro');
  await setup.markPaid(rejectee);
  await setup.uploadId(rejectee);
  const holder = await setup.certificateHolder('Cecil');
  const leaver = await setup.student('Dee', null);
  const subject = `Question ${tag}`;
  const contact = await request.post('/api/support/messages', {
    data: {
      name: 'Vera Visitor',
      email: uniqueEmail('visitor'),
      subject,
      category: 'course',
      message: 'When does the next course start?',
    },
  });
  expect(contact.status()).toBe(201);

  // The dashboard without a token sends you to the login page.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText(/Restricted access/)).toBeVisible();

  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('stat-total_students')).not.toHaveText('…');
  await expect(page.getByRole('img', { name: /Enrollments and revenue per week/ })).toBeVisible();

  // Student Management: search isolates this run's students.
  await openAdminTab(page, 'Student Management');
  await page.getByLabel('Search students').fill(`tester${tag}`);
  await expect(page.getByText('Showing 5 of 5 students')).toBeVisible();
  const payerRow = page.getByTestId('student-row').filter({ hasText: payer.email });
  await expect(payerRow.getByText('Pending')).toBeVisible();

  await page.getByRole('button', { name: `Mark Paid ${payer.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Mark ${payer.name} as fully paid (enrollment + course)?`)).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment marked as received')).toBeVisible();
  await expect(payerRow.getByText('Fully Paid')).toBeVisible();
  await expect(payerRow.getByText(priceText('combined', 'pro'))).toBeVisible();

  const markPaidAgain = page.getByRole('button', { name: `Mark Paid ${payer.name}` });
  await markPaidAgain.click();
  await expect(page.getByText(`${payer.name} has already paid for everything.`)).toBeVisible();

  await page.getByLabel(`Status for ${payer.name}`).selectOption('in_progress');
  await expect(page.getByText('Student status updated')).toBeVisible();
  await page.getByRole('button', { name: `Complete ${payer.name}` }).click();
  // Progress and course dates first; a 0% student whose course has not started needs an explicit yes.
  const completeDialog = page.getByRole('dialog', { name: 'Mark the course completed?' });
  await expect(completeDialog.getByTestId('completion-progress')).toHaveText(/^0% \(0\/\d+\)$/);
  await expect(completeDialog).toContainText('The course has not started yet');
  await expect(completeDialog).toContainText('Progress is 0%: not every stage is complete.');
  const markCompleted = completeDialog.getByRole('button', { name: 'Mark Completed' });
  await expect(markCompleted).toBeDisabled();
  await completeDialog.getByLabel('I have checked this and want to continue anyway.').check();
  await markCompleted.click();
  await expect(page.getByText('Student marked as completed')).toBeVisible();
  await expect(page.getByRole('button', { name: `Complete ${payer.name}` })).toHaveCount(0);

  // Export CSV: the downloaded file has the spec's header and this run's students.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`students-${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF'), 'UTF-8 byte order mark for Excel').toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    '"Name","Email","Phone","Course Type","Start Date","Enrollment Paid","Course Paid","Total Paid","Status","Registration Date"',
  );
  expect(lines).toHaveLength(6);
  expect(csv).toContain(`"${payer.name}","${payer.email}","","Pro",`);
  expect(csv).toContain(`"Yes","Yes","${priceText('combined', 'pro')}","Completed"`);
  await expect(page.getByText('Exported 5 students.')).toBeVisible();

  // A dialog closed without acting gives focus back to the row button that opened it. Each dialog is
  // closed only once the focus is inside it: the dialog sets up its Escape handler and focus trap in
  // effects that run after it shows, and an Escape sent before them is not seen by the dialog.
  const deleteLeaver = page.getByRole('button', { name: `Delete ${leaver.name}` });
  await deleteLeaver.click();
  await expect(page.getByRole('dialog').locator(':focus')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(deleteLeaver).toBeFocused();
  const markPaidLeaver = page.getByRole('button', { name: `Mark Paid ${leaver.name}` });
  await markPaidLeaver.click();
  await expect(page.getByRole('dialog').locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(markPaidLeaver).toBeFocused();

  // Delete, with the spec's confirmation.
  await deleteLeaver.click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(`Are you sure you want to permanently delete ${leaver.name}? This action cannot be undone.`),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Student deleted successfully')).toBeVisible();
  await expect(page.getByText('Showing 4 of 4 students')).toBeVisible();
  await expect(page.getByText(leaver.email)).toHaveCount(0);

  // Course Progress
  await openAdminTab(page, 'Course Progress');
  await page.getByRole('tabpanel').getByLabel('Search students').fill(holder.email);
  const holderCard = page.getByRole('listitem').filter({ hasText: holder.name });
  await expect(holderCard.getByText('100%')).toBeVisible();
  await expect(holderCard.getByText('5/5 stages')).toBeVisible();
  await expect(holderCard.getByText('Completed', { exact: true })).toBeVisible();

  // Referral Codes
  await openAdminTab(page, 'Referral Codes');
  await page.getByRole('tabpanel').getByLabel('Search students').fill(`tester${tag}`);
  const payerReferral = page.getByRole('row').filter({ hasText: payer.email });
  await expect(payerReferral.getByText(/^VBR-[A-Z0-9]{6}$/)).toBeVisible();
  await expect(payerReferral.getByText('Fully Enrolled')).toBeVisible();

  // Certificates
  await openAdminTab(page, 'Certificates');
  const certRow = page.getByRole('row').filter({ hasText: holder.name });
  await expect(certRow.getByText('Foundation Course')).toBeVisible();
  await expect(certRow.getByText('Pending')).toBeVisible();
  await certRow.getByRole('button', { name: /Activate/ }).click();
  const activateDialog = page.getByRole('dialog', { name: 'Activate this certificate?' });
  await expect(activateDialog.getByTestId('completion-progress')).toHaveText('100% (5/5)');
  await expect(activateDialog).toContainText('The course has not started yet');
  await expect(activateDialog.getByRole('button', { name: 'Activate' })).toBeDisabled();
  await activateDialog.getByLabel('I have checked this and want to continue anyway.').check();
  await activateDialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Certificate activated successfully!')).toBeVisible();
  await expect(certRow.getByText('Ready for Download')).toBeVisible();
  await expect(certRow.getByText('Activated')).toBeVisible();

  // ID Verification: view, approve, reject (an empty reason does nothing).
  await openAdminTab(page, 'ID Verification');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `View ID of ${approvee.name}` }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  await page.getByRole('button', { name: `Approve ID of ${approvee.name}` }).click();
  await expect(page.getByText('ID verification approved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve ID of ${approvee.name}` })).toHaveCount(0);
  // Recent decisions: View ID while the image is kept (admin-id-retention.spec.ts: once it is deleted).
  const decision = page.getByRole('listitem').filter({ hasText: approvee.email });
  await expect(decision.getByRole('button', { name: `View ID of ${approvee.name}` })).toBeVisible();
  await expect(decision).toContainText('Approved');

  await page.getByRole('button', { name: `Reject ID of ${rejectee.name}` }).click();
  const rejectDialog = page.getByRole('dialog');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toBeVisible();
  await rejectDialog.getByLabel(/Why is this ID rejected/).fill('The photo is too blurry to read.');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('ID verification rejected successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Reject ID of ${rejectee.name}` })).toHaveCount(0);

  // Activity: newest first, with who, what and which student.
  await openAdminTab(page, 'Activity');
  const firstEntry = page.getByRole('tabpanel').getByRole('row').nth(1);
  await expect(firstEntry).toContainText('Rejected ID');
  await expect(firstEntry).toContainText(rejectee.name);
  await expect(firstEntry).toContainText(admin.username);
  await expect(firstEntry).toContainText('The photo is too blurry to read.');
  await expect(page.getByRole('row').filter({ hasText: 'Deleted student' }).first()).toBeVisible();

  // Messages
  await openAdminTab(page, 'Messages');
  const message = page.getByRole('listitem').filter({ hasText: subject });
  await expect(message.getByText('When does the next course start?')).toBeVisible();
  await message.getByRole('button', { name: 'Mark as read' }).click();
  await expect(message.getByText('Read', { exact: true })).toBeVisible();

  // Logout revokes the token; the dashboard URL then sends you to login.
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a revoked token in storage ends the session and the login page says so', async ({ page, request }) => {
  const token = await adminApiToken(request);
  await request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
  await page.goto('/admin/login');
  await expect(page.getByRole('alert').filter({ hasText: 'session' })).toHaveCount(0);
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?session=ended$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  // Logging in again from there goes to the dashboard.
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a token that expires while the dashboard is open ends the session on the next call', async ({
  page,
  request,
}) => {
  const token = await adminApiToken(request);
  await page.goto('/admin/login');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('stat-total_students')).not.toHaveText('…');
  // The server stops accepting the token (as when it expires); the next admin call gets a 401.
  await request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
  await adminSectionNav(page).getByRole('link', { name: 'School' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?session=ended$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('an expired token in storage goes straight to the session-ended login', async ({ page }) => {
  // A JWT whose exp is in the past (the client reads exp; the signature is the server's business).
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: 1_000_000_000 })}.c2ln`;
  // Stored from a page that never reads the admin token (the login page drops an expired one).
  await page.goto('/support');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), expired);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?session=ended$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('the dashboard fits a 375 px wide phone: tables scroll inside their own box', async ({ page, request }) => {
  // A paid student, so the Payments tab has a row with its invoice's button (whatever ran before).
  await enrolStudentViaApi(request, { pay: 'enrollment' });
  const token = await adminApiToken(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/login');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  // With a token, the login page goes straight to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('stat-total_students')).not.toHaveText('…');
  for (const tab of [
    'Student Management',
    'Payments',
    'Course Progress',
    'Referral Codes',
    'Certificates',
    'ID Verification',
    'Activity',
    'Messages',
  ]) {
    await openAdminTab(page, tab);
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tab} page width`).toBeLessThanOrEqual(
      375,
    );
  }
  await openAdminTab(page, 'Student Management');
  await page.screenshot({ path: test.info().outputPath('admin-dashboard-375.png'), fullPage: true });
});

test('on a phone the students are a card list, and a long email breaks at its dots, not a letter per line', async ({
  page,
  request,
}) => {
  const email = `${'averyveryverylong.emailaddress'}.${Date.now().toString(36)}@subdomain.example-company.co.uk`;
  const registration = await request.post('/api/students', {
    data: { first_name: 'Longmail', last_name: 'Cardholder', email, phone: '07400 123456' },
  });
  expect(registration.status()).toBe(201);
  const token = await adminApiToken(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/login');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto('/admin/dashboard/students/students');
  await page.getByLabel('Search students').fill(email);
  const card = page.getByTestId('student-row-card').filter({ hasText: 'Longmail Cardholder' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('table')).toHaveCount(0);
  await expect(page.getByTestId('student-row')).toHaveCount(0);
  // Each field has its label; the row actions are buttons inside the card.
  for (const label of ['Contact', 'Course', 'Start Date', 'Payment Status', 'Total Paid', 'Status']) {
    await expect(card.locator('dt').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(card.getByRole('button', { name: 'Mark Paid Longmail Cardholder' })).toBeVisible();
  await expect(card.getByLabel('Status for Longmail Cardholder')).toBeVisible();
  // The email wraps in a few lines, each many characters wide.
  const emailBox = (await card.getByText(/^averyveryverylong/).boundingBox())!;
  const lineHeight = await card
    .getByText(/^averyveryverylong/)
    .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect(emailBox.height / lineHeight, 'lines the email takes').toBeLessThanOrEqual(4);
  expect(emailBox.width, 'email width').toBeGreaterThan(150);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width, 'card inside the screen').toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Wider than 640 px it is the table again.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByTestId('student-row').filter({ hasText: 'Longmail Cardholder' })).toBeVisible();
  await expect(page.getByTestId('student-row-card')).toHaveCount(0);
});

test('the weekly chart fills its card: full width, compact, both axes labelled on the same gridlines', async ({
  page,
  request,
}) => {
  const token = await adminApiToken(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/login');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto('/admin/dashboard');
  const chart = page.getByTestId('weekly-chart');
  await expect(chart).toBeVisible();
  const figure = (await page.locator('figure').filter({ has: chart }).boundingBox())!;
  const svg = (await chart.boundingBox())!;
  // No empty half: the drawing spans the card (less its padding), and it is not taller than it needs.
  expect(svg.width, 'chart width').toBeGreaterThan(figure.width - 40);
  expect(svg.height, 'chart height').toBeLessThanOrEqual(200);
  const left = await chart.getByTestId('axis-left').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
  const right = await chart.getByTestId('axis-right').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
  expect(right).toHaveLength(3);
  for (const [i, r] of right.entries()) {
    // Each revenue label sits on its gridline at the chart's right edge, level with the enrollment label.
    expect(Math.abs(r.top + r.height / 2 - (left[i]!.top + left[i]!.height / 2))).toBeLessThan(2);
    expect(r.left).toBeGreaterThan(svg.x + svg.width - 60);
  }
  await expect(chart.getByTestId('axis-right').first()).toHaveText('£0');
});

test('each admin section and tab has its own address: a link signs in, lands on the tab, and survives a reload', async ({
  page,
}) => {
  await page.goto('/admin/dashboard/money/payments');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/money\/payments$/);
  await expect(page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(adminSectionNav(page).getByRole('link', { name: 'Money' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('tab', { name: 'Referral Codes' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/money\/referrals$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page).toHaveURL(/\/admin\/dashboard\/money\/referrals$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Referral Codes' })).toHaveAttribute('aria-selected', 'true');

  // A section alone opens its first tab; a mistyped tab its first tab; an unknown section the overview.
  await page.goto('/admin/dashboard/school');
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/dashboard/students/nope');
  await expect(page).toHaveURL(/\/admin\/dashboard\/students\/students$/);
  await page.goto('/admin/dashboard/nope');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('stat-total_students')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('on a phone the section bar and the tabs are at the top of every section: the figures stay on the overview', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page.getByTestId('stat-total_students')).toBeVisible();
  const panel = await openAdminTab(page, 'Student Management');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('stat-total_students')).toHaveCount(0);
  const tabs = page.getByRole('tablist', { name: 'Students tabs' });
  expect((await tabs.boundingBox())!.y).toBeLessThan(300);
  expect((await panel.boundingBox())!.y).toBeLessThan(400);
});
