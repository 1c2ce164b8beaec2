/**
 * The owner runs the school from the admin area (docs/product/admin.md): adds a course start date
 * with a capacity, which a new visitor then picks in the wizard (after being told, once, that it had
 * just closed), and saves the CPD number, which the certificate shows at once; the activity log reads
 * each change. At phone width, with
 * axe on both tabs and the delete confirmation. Its own server (the `serverEnv` below), so the dates
 * it adds never change another journey's.
 */
import { openAdminTab } from './admin-nav';
import { messages } from '@shared/messages';
import { isoDateAfter, scheduleEntryFor } from '@shared/schedule';
import { continueToStep, enterCard, fillPersonalInfo } from './enrolment-helpers';
import { admin, adminApiToken, expect, priceText, signInToAdmin, test, uniqueEmail } from './fixtures';
import { TOASTS, expectNoAxeFindings, expectNoSidewaysScroll } from './page-checks';

const SUPPORT_HOURS = 'Weekdays, 10 AM to 4 PM (journey)';
test.use({ serverEnv: { SUPPORT_HOURS } });

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test('the owner adds a start date that a new visitor picks in the wizard, and saves the CPD number the certificate shows', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // Not the 1st of a month, so the label names the day: it cannot be one of the every-two-months dates.
  const offset = isoDateAfter(new Date(), 20).endsWith('-01') ? 21 : 20;
  const date = isoDateAfter(new Date(), offset);
  const spare = isoDateAfter(new Date(), offset + 7);
  const label = scheduleEntryFor(date).label;

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Cohorts: none yet, so the wizard still offers the every-two-months dates.
  await openAdminTab(page, 'Cohorts');
  const cohorts = page.getByRole('tabpanel', { name: 'Cohorts' });
  await expect(cohorts.getByText(messages.admin.noCohorts)).toBeVisible();
  await expectNoAxeFindings(page, 'the empty Cohorts tab at 390 px', { exclude: TOASTS });

  const form = cohorts.getByRole('form', { name: 'Add a start date' });
  await form.getByLabel('New start date').fill(date);
  await form.getByLabel('Capacity').fill('2');
  await form.getByRole('button', { name: 'Add start date' }).click();
  await expect(page.getByText(messages.admin.cohortAdded)).toBeVisible();
  const card = cohorts.getByTestId('cohort-row-card').filter({ hasText: longDate(date) });
  await expect(card).toContainText('0 of 2');
  await expect(card).toContainText('Open');

  // A second date, deleted again after the confirmation.
  await form.getByLabel('New start date').fill(spare);
  await form.getByRole('button', { name: 'Add start date' }).click();
  const spareCard = cohorts.getByTestId('cohort-row-card').filter({ hasText: longDate(spare) });
  await expect(spareCard).toContainText('0 (no limit)');
  await expectNoSidewaysScroll(page, 'the Cohorts tab at 390 px');
  await expectNoAxeFindings(page, 'the Cohorts tab with dates at 390 px', { exclude: TOASTS });
  await spareCard.getByRole('button', { name: `Delete ${longDate(spare)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete start date' });
  await expect(dialog).toContainText(messages.admin.cohortDeleteConfirm(longDate(spare)));
  await expectNoAxeFindings(page, 'the delete confirmation', { exclude: TOASTS });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(messages.admin.cohortDeleted)).toBeVisible();
  await expect(spareCard).toHaveCount(0);

  // Settings: the environment's defaults as placeholders; the CPD number saved.
  await openAdminTab(page, 'Settings');
  const settings = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(settings.getByLabel('Support hours')).toHaveAttribute('placeholder', SUPPORT_HOURS);
  await settings.getByLabel('CPD provider number').fill('CPD-JOURNEY-42');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(messages.admin.settingsSaved)).toBeVisible();
  await expect(settings.getByText(`Saved by ${admin.username} on`, { exact: false })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Restore default CPD provider number' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Settings tab at 390 px');
  await expectNoAxeFindings(page, 'the Settings tab at 390 px', { exclude: TOASTS });

  // A new visitor: the certificate shows the saved number, the support page the hours in force.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/certificate-demo');
  await expect(visitor.getByText('delivered by CPD provider number CPD-JOURNEY-42.')).toBeVisible();
  await visitor.goto('/support');
  await expect(visitor.getByText(SUPPORT_HOURS)).toBeVisible();

  // The wizard offers exactly the owner's date.
  await visitor.goto('/enroll');
  await fillPersonalInfo(visitor, uniqueEmail('cohort'));
  await continueToStep(visitor, 'Choose Your Payment Option');
  await visitor.getByRole('radio', { name: /Complete Package/ }).click();
  await continueToStep(visitor, 'Choose Your Course');
  await visitor.getByRole('radio', { name: /Foundation Course/ }).click();
  await visitor.getByRole('combobox', { name: 'Start Date' }).click();
  // Two places of two: few, so the list says how many.
  await expect(visitor.getByRole('option')).toHaveText([
    `${label} — starts ${longDate(date)} · ${messages.enrolment.placesLeft(2)}`,
  ]);
  await visitor.getByRole('option').first().click();

  // The owner closes it meanwhile: the wizard says so, and offers nothing until it reopens.
  const token = await adminApiToken(request);
  const closed = await request.fetch(`/api/admin/cohorts/${date}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}` },
    data: { closed: true },
  });
  expect(closed.ok()).toBeTruthy();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: messages.enrolment.startDateClosed })).toBeVisible();
  await openAdminTab(page, 'Cohorts');
  await expect(card).toContainText('Closed');
  await card.getByRole('button', { name: `Reopen ${longDate(date)}` }).click();
  await expect(card).toContainText('Open');

  // Meanwhile the wizard offers no date; a reload shows the reopened one.
  await expect(visitor.getByText(messages.enrolment.noStartDates)).toBeVisible();
  await visitor.reload();
  await visitor.getByRole('combobox', { name: 'Start Date' }).click();
  await visitor.getByRole('option', { name: `${label} — starts ${longDate(date)}` }).click();
  await continueToStep(visitor, 'Payment');
  await enterCard(visitor);
  await visitor.getByRole('button', { name: `Pay ${priceText('combined', 'foundation')}` }).click();
  await expect(visitor).toHaveURL(/\/success$/);
  await visitorContext.close();

  // The owner sees the place taken.
  await page.reload();
  await openAdminTab(page, 'Cohorts');
  await expect(card).toContainText('1 of 2');

  // Every change is in the activity log, readable.
  await openAdminTab(page, 'Activity');
  const activity = page.getByRole('tabpanel', { name: 'Activity' });
  await expect(activity.getByRole('row').filter({ hasText: 'Changed settings' })).toContainText(
    'CPD provider number: CPD-JOURNEY-42',
  );
  await expect(activity.getByRole('row').filter({ hasText: 'Added a course start date' }).first()).toBeVisible();
  await expect(activity.getByRole('row').filter({ hasText: 'Deleted a course start date' })).toContainText(
    longDate(spare),
  );
  await expect(activity.getByRole('row').filter({ hasText: 'Changed a course start date' }).first()).toContainText(
    'capacity 2 · open',
  );
});
