/**
 * Talking to students, end to end, on a server of its own (its numbers are this journey's alone):
 * the owner writes a broadcast to one cohort (the students with one start date), sees how many will
 * receive it and who is skipped, sends a test to an address they type, then sends it: the test copy
 * and the cohort's e-mails arrive at the SMTP sink, with List-Unsubscribe, and nobody else gets one.
 * They answer a contact message from the Messages tab: the reply arrives by e-mail and shows under
 * the message. They turn the reminders on in Settings: the registration that has not paid gets one,
 * the one that opted out at step 1 none; once she pays, the funnel reads the known numbers, and the
 * dashboard's cards the reminders' recovered student and revenue.
 */
import { adminSectionNav, openAdminTab } from './admin-nav';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEFAULT_CATALOGUE, allInPricePence } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { SETTING_LABELS } from '@shared/site-settings';
import { Setup } from './admin-setup';
import { admin, adminApiToken, expect, signInToAdmin, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings, screenshots, settled } from './page-checks';

const m = messages.adminOutreach;
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-broadcasts-and-replies';
/** The cohort: a start date no other student of this server has. */
const COHORT = '2026-09-07';

// A server of its own: a registration counts as unpaid after about a second, and the reminders job
// looks every 300 ms (it is off until the owner turns it on, so only the one left unpaid gets one).
test.use({ serverEnv: { REMINDER_UNPAID_HOURS: '0.0003', REMINDERS_CHECK_MS: '300' } });

interface Mail {
  template: string;
  to: string;
  subject: string;
  text: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/** Every e-mail the worker's SMTP sink has received so far. */
async function mailbox(): Promise<Mail[]> {
  const dir = process.env.E2E_SMTP_DIR!;
  const files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      const rawHeader = (key: string) =>
        (mail.headerLines.find((header) => header.key === key)?.line ?? '')
          .replace(/^[^:]*:\s*/, '')
          .replace(/\s+/g, ' ');
      return {
        template: String(mail.headers.get('x-vbr-template') ?? ''),
        to: (to ?? '').toLowerCase(),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        // As sent (mailparser turns List-* headers into objects).
        listUnsubscribe: rawHeader('list-unsubscribe'),
        listUnsubscribePost: rawHeader('list-unsubscribe-post'),
      };
    }),
  );
}

const mailsOf = async (template: string) => (await mailbox()).filter((mail) => mail.template === template);

type Student = Awaited<ReturnType<Setup['student']>>;

/** A registration (optionally opting out of reminders and news at step 1) with an optional course choice. */
async function register(
  request: APIRequestContext,
  setup: Setup,
  firstName: string,
  options: { course?: 'foundation' | 'pro'; optOut?: boolean } = {},
): Promise<Student> {
  if (!options.optOut) return setup.student(firstName, options.course ?? null);
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post('/api/students', {
    data: { first_name: firstName, last_name: `Tester${setup.tag}`, email, marketing_opt_out: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, token } = (await res.json()) as { id: string; token: string };
  if (options.course) {
    const dates = (await (await request.get('/api/course-dates')).json()) as {
      schedule: Array<{ start_date: string }>;
    };
    const chosen = await request.post(`/api/students/${id}/course-selection`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { course_type: options.course, course_start_date: dates.schedule[0]?.start_date },
    });
    expect(chosen.ok(), await chosen.text()).toBeTruthy();
  }
  return { id, token, email, name: `${firstName} Tester${setup.tag}` };
}

/** The students of this journey, each with a part to play in the segment and in the funnel. */
async function students(request: APIRequestContext, owner: Record<string, string>, setup: Setup) {
  const paidIn = async (firstName: string, course: 'foundation' | 'pro', options: { optOut?: boolean } = {}) => {
    const student = await register(request, setup, firstName, { course, ...options });
    await setup.markPaid(student);
    return student;
  };
  // The cohort: three paid students starting on COHORT, one of whom opted out at step 1.
  const ada = await paidIn('Ada', 'foundation');
  const eve = await paidIn('Eve', 'pro');
  const ben = await paidIn('Ben', 'foundation', { optOut: true });
  for (const student of [ada, eve, ben]) await setup.startCourse(student, COHORT);
  // Another start date: paid, ID approved and completed.
  const cora = await paidIn('Cora', 'foundation');
  await setup.uploadId(cora);
  await setup.approveId(cora);
  const completed = await request.put(`/api/admin/students/${cora.id}/complete`, {
    headers: owner,
    data: { confirm_incomplete: true },
  });
  expect(completed.ok(), await completed.text()).toBeTruthy();
  // The fee only; a registration that opted out and never pays; one that has not paid yet.
  const fay = await register(request, setup, 'Fay');
  const fee = await request.post(`/api/admin/students/${fay.id}/mark-paid`, {
    headers: owner,
    data: { payment_type: 'enrollment', payment_method: 'manual' },
  });
  expect(fee.ok(), await fee.text()).toBeTruthy();
  const dan = await register(request, setup, 'Dan', { optOut: true });
  const ursula = await register(request, setup, 'Ursula', { course: 'foundation' });
  return { ada, eve, ben, cora, fay, dan, ursula };
}

async function saveSetting(request: APIRequestContext, owner: Record<string, string>, body: Record<string, string>) {
  const res = await request.put('/api/admin/settings', { headers: owner, data: body });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function openTab(page: Page, name: string) {
  const panel = await openAdminTab(page, name);
  await expect(panel).toBeVisible();
  return panel;
}

test.afterEach(async ({ request }) => {
  await saveSetting(request, { Authorization: `Bearer ${await adminApiToken(request)}` }, { reminders_enabled: 'on' });
});

test('the owner broadcasts to a cohort after a test, answers a message and reads the funnel', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = { Authorization: `Bearer ${await adminApiToken(request)}` };
  // Off while the students are set up: the paid ones pay a moment after registering.
  await saveSetting(request, owner, { reminders_enabled: 'off' });
  const setup = new Setup(request, owner.Authorization.slice('Bearer '.length), Date.now().toString(36));
  const s = await students(request, owner, setup);

  await signInToAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await settled(page);

  await test.step('broadcast to the cohort, after a test', () => broadcastToCohort(page, setup.tag, s));
  await test.step('reply to a contact message', () => replyToMessage(page, request, s.cora));
  await test.step('reminders on: the unpaid registration gets one, then pays', async () => {
    const settings = await openTab(page, 'Settings');
    const reminders = settings.getByRole('switch', { name: SETTING_LABELS.reminders_enabled.label });
    await expect(reminders).not.toBeChecked();
    await reminders.check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(messages.admin.settingsSaved)).toBeVisible();
    await expect(settings.getByRole('switch', { name: SETTING_LABELS.reminders_enabled.label })).toBeChecked();
    await expect
      .poll(async () => (await mailsOf('enrolment-reminder')).map((mail) => mail.to), { timeout: 30_000 })
      .toEqual([s.ursula.email.toLowerCase()]);
    const reminder = (await mailsOf('enrolment-reminder'))[0]!;
    expect(reminder.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/[^>]+>$/);
    await setup.markPaid(s.ursula);
  });
  await test.step('the funnel and the cards', () => readFunnel(page));
  await test.step('reminders off again: a switch whose default is on saves off', async () => {
    const settings = await openTab(page, 'Settings');
    await settings.getByRole('switch', { name: SETTING_LABELS.reminders_enabled.label }).uncheck();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(messages.admin.settingsSaved)).toBeVisible();
    const saved = await request.get('/api/admin/settings', { headers: owner });
    const { settings: values } = (await saved.json()) as { settings: Record<string, { value: string | null }> };
    expect(values.reminders_enabled?.value).toBe('off');
  });
  // Dan opted out at step 1: several runs of the reminders job later, still nothing for him.
  expect((await mailbox()).filter((mail) => mail.to === s.dan.email.toLowerCase())).toEqual([]);
});

async function broadcastToCohort(page: Page, tag: string, s: Awaited<ReturnType<typeof students>>) {
  const tab = await openTab(page, 'Broadcasts');
  const subject = `Your cohort starts soon ${tag}`;
  const testTo = `owner-${tag}@example.com`;
  await expect(tab.getByRole('heading', { name: m.historyTitle })).toBeVisible();
  await expect(tab.getByText(m.historyEmpty)).toBeVisible();
  await tab.getByLabel(m.subjectLabel).fill(subject);
  await tab.getByLabel(m.bodyLabel).fill('Welcome to the September cohort.\n\nBring a book you love.');
  await tab.getByLabel(m.startDateLabel).fill(COHORT);
  // Ada and Eve; Ben said no at step 1.
  await expect(tab.getByTestId('broadcast-audience')).toHaveText(m.audience(2, 1));
  const preview = tab.getByTestId('broadcast-preview');
  await expect(preview).toContainText(subject);
  await expect(preview.getByText('Bring a book you love.')).toBeVisible();
  await tab.getByLabel(m.testLabel).fill(testTo);
  await expectNoAxeFindings(page, 'the Broadcasts tab, a broadcast written');
  await screenshots(page, SHOTS_DIR, 'broadcast-written');

  await tab.getByRole('button', { name: m.sendTest }).click();
  await expect(page.getByText(m.testSent(testTo))).toBeVisible();
  await expect
    .poll(async () => (await mailsOf('broadcast')).map((mail) => [mail.to, mail.subject]))
    .toEqual([[testTo, `[Test] ${subject}`]]);

  await tab.getByRole('button', { name: m.sendTo(2) }).click();
  const dialog = page.getByRole('dialog', { name: m.confirmTitle });
  await expect(dialog).toContainText(m.confirmQuestion(subject, 2));
  await screenshots(page, SHOTS_DIR, 'broadcast-confirm', false);
  await dialog.getByRole('button', { name: m.sendTo(2) }).click();
  await expect(page.getByText(m.sent(2, 1))).toBeVisible();

  const cohort = [s.ada.email, s.eve.email].map((email) => email.toLowerCase()).sort();
  await expect
    .poll(async () =>
      (await mailsOf('broadcast'))
        .filter((mail) => mail.subject === subject)
        .map((mail) => mail.to)
        .sort(),
    )
    .toEqual(cohort);
  const sent = (await mailsOf('broadcast')).filter((mail) => mail.subject === subject);
  for (const mail of sent) {
    expect(mail.text).toContain('Bring a book you love.');
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/[^>]+>$/);
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  }
  // Nobody outside the cohort, nor Ben, got it: every broadcast e-mail is the test's or the cohort's.
  expect((await mailsOf('broadcast')).map((mail) => mail.to).sort()).toEqual([...cohort, testTo].sort());

  // The history, once the outbox has sent them: 2 recipients, 2 queued, 1 skipped, 2 delivered.
  await expect(async () => {
    await page.reload();
    const history = await openTab(page, 'Broadcasts');
    const row = history.getByTestId('broadcast-row').filter({ hasText: subject });
    await expect(row).toContainText(admin.username, { timeout: 2_000 });
    await expect(row.getByRole('cell')).toHaveText([new RegExp(subject), /by/, '2', '2', '1', '2', '0'], {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await settled(page);
  await expectNoAxeFindings(page, 'the Broadcasts tab with its history');
  await screenshots(page, SHOTS_DIR, 'broadcast-history');
}

async function replyToMessage(page: Page, request: APIRequestContext, cora: Student) {
  const question = `When will my certificate arrive? ${Date.now()}`;
  const sent = await request.post('/api/support/messages', {
    data: { name: cora.name, email: cora.email, subject: 'Certificate question', category: 'other', message: question },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const tab = await openTab(page, 'Messages');
  const message = tab.getByTestId('contact-message').filter({ hasText: question });
  const answer = 'It is on its way: look in your dashboard tomorrow.';
  await message.getByLabel(m.replyLabel).fill(answer);
  await message.getByRole('button', { name: m.sendReply }).click();
  await expect(page.getByText(m.replySent(cora.email))).toBeVisible();
  const replies = message.getByRole('list', { name: m.repliesLabel(1) });
  await expect(replies).toContainText(admin.username);
  await expect(replies).toContainText(answer);
  await expect(message.getByLabel(m.replyLabel)).toHaveValue('');
  await expect
    .poll(async () => (await mailsOf('contact-reply')).filter((mail) => mail.to === cora.email.toLowerCase()).length)
    .toBe(1);
  const mail = (await mailsOf('contact-reply')).find((found) => found.to === cora.email.toLowerCase())!;
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(question);
  // A reply is part of the service, not news: no unsubscribe header.
  expect(mail.listUnsubscribe).toBe('');
  await expectNoAxeFindings(page, 'the Messages tab with a reply');
  await screenshots(page, SHOTS_DIR, 'message-replied');
}

/** 7 registered; 6 paid the fee (not Dan); 5 a course (not Fay); 1 ID approved and completed (Cora). */
async function readFunnel(page: Page) {
  const revenue = formatPence(allInPricePence(DEFAULT_CATALOGUE, 'foundation'));
  await page.reload();
  await adminSectionNav(page).getByRole('link', { name: 'Overview' }).click();
  await settled(page);
  await expect(page.getByTestId('stat-pending_payments')).toHaveText('1');
  await expect(page.getByText('Registered, Not Paid')).toBeVisible();
  await expect(page.getByTestId('stat-reminders_recovered')).toHaveText('1');
  await expect(page.getByTestId('stat-reminders_revenue')).toHaveText(revenue);
  await screenshots(page, SHOTS_DIR, 'dashboard-cards', false);

  const tab = await openTab(page, 'Funnel');
  const expected = { registered: 7, fee_paid: 6, course_paid: 5, id_approved: 1, completed: 1 };
  for (const [stage, count] of Object.entries(expected)) {
    await expect(tab.getByTestId(`funnel-${stage}`).getByTestId('funnel-count')).toHaveText(String(count));
  }
  await expect(tab.getByTestId('funnel-fee_paid').getByTestId('funnel-rate')).toContainText(
    m.conversion('86%', m.funnelStageObjects.registered),
  );
  await expect(tab.getByTestId('funnel-course_paid').getByTestId('funnel-rate')).toContainText(
    m.conversion('83%', m.funnelStageObjects.fee_paid),
  );
  await expect(tab.getByTestId('funnel-id_approved').getByTestId('funnel-rate')).toContainText(m.overall('14%'));
  await expect(tab.getByTestId('funnel-reminders')).toContainText(m.remindersSummary(1, 1, revenue));
  await expect(tab.getByTestId('funnel-chart')).toBeVisible();
  await tab.getByText('Show figures').click();
  await expect(tab.getByTestId('funnel-weeks').locator('tbody tr').last()).toHaveText(/7\s*6\s*5\s*1\s*1$/);
  await expectNoAxeFindings(page, 'the Funnel tab');
  await screenshots(page, SHOTS_DIR, 'funnel');

  // A range long before anyone registered.
  await tab.getByLabel(m.funnelFrom, { exact: true }).fill('2025-01-06');
  await tab.getByLabel(m.funnelTo, { exact: true }).fill('2025-02-02');
  await tab.getByRole('button', { name: 'Show' }).click();
  await expect(tab.getByText(m.funnelEmpty)).toBeVisible();
  await expect(tab.getByTestId('funnel-registered').getByTestId('funnel-count')).toHaveText('0');
}
