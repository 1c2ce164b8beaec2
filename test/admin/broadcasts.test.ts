// engines: both
/**
 * The owner's broadcasts: a segment counted, a draft saved, a test copy, the send through the outbox
 * (suppressed and opted-out students skipped, once only, also when two sends race), the history's
 * delivery counts; refused to staff and on bad input, with nothing saved.
 */
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, broadcasts, emailOutbox, emailSuppressions } from '@server/db/schema';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { testDbKind } from '../helpers/database';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('broadcasts', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url });
    owner = bearer(await t.adminToken('broadcast-owner'));
    staff = bearer(await t.adminToken('broadcast-staff', 'staff'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload?: unknown, headers = owner) =>
    t.app.inject({ method: 'POST', url: `/api/admin/broadcasts${url}`, headers, payload: payload as object });
  const create = async (segment: object, subject = 'News from the school') => {
    const res = await post('', { subject, body: 'First paragraph.\n\nSecond one.', segment });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; recipients: number };
  };
  const outboxOf = async (id: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `broadcast:${id}:%`))
    )[0]?.n;
  const suppress = (email: string) =>
    t.db.insert(emailSuppressions).values({ email: email.toLowerCase(), source: 'unsubscribe' });

  /** `n` students of one start date, inserted in one statement (their e-mails numbered). */
  const insertCohort = (startDate: string, n: number) =>
    t.db.execute(sql`
      insert into students (first_name, last_name, email, course_type, course_start_date, enrollment_paid)
      select 'Student', 'No ' || i, 'cohort-' || ${startDate} || '-' || i || '@Example.com', 'foundation', ${startDate}, true
      from generate_series(1, ${n}) as i`);

  it('counts a segment, saves a draft, sends a test copy, then sends once to who may receive it', async () => {
    const segment = { course: 'pro', start_date: '2027-03-01', paid: true };
    const inSegment = { courseType: 'pro' as const, courseStartDate: '2027-03-01', enrollmentPaid: true };
    const reader = await insertStudent(t.db, { ...inSegment, firstName: 'Reader' });
    await insertStudent(t.db, { ...inSegment, marketingOptOut: true });
    const unsubscribed = await insertStudent(t.db, { ...inSegment, email: 'Gone.Away@Example.com' });
    await suppress(unsubscribed.email);
    // Outside the segment: another course, the fee not paid.
    await insertStudent(t.db, { ...inSegment, courseType: 'foundation' });
    await insertStudent(t.db, { ...inSegment, enrollmentPaid: false });

    expect((await post('/count', { segment })).json()).toEqual({ recipients: 1, suppressed: 2 });
    expect((await post('/count', { segment: { paid: false } })).json()).toMatchObject({ recipients: 1 });

    const { id, recipients } = await create(segment);
    expect(recipients).toBe(1);

    const test = await post(`/${id}/test`, { to: 'owner@example.com' });
    expect(test.statusCode).toBe(202);
    const [testCopy] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'owner@example.com'));
    expect(testCopy).toMatchObject({ template: 'broadcast', dedupeKey: null });
    expect(testCopy?.data).toMatchObject({ subject: '[Test] News from the school' });

    const sent = await post(`/${id}/send`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: 1, skipped: 2 });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.studentId, reader.id));
    expect(row).toMatchObject({
      template: 'broadcast',
      toAddress: reader.email,
      dedupeKey: `broadcast:${id}:${reader.email.toLowerCase()}`,
      status: 'pending',
    });
    expect(row?.data).toEqual({
      subject: 'News from the school',
      body: 'First paragraph.\n\nSecond one.',
      firstName: 'Reader',
    });

    // Sent already: refused, nothing more queued.
    const again = await post(`/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: messages.admin.broadcastAlreadySent });
    expect(await outboxOf(id)).toBe(1);

    // The outbox sends it (and the test copy) over SMTP; the history counts what went.
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await smtp.waitFor(2);
    const delivered = smtp.withTemplate('broadcast');
    expect(delivered.map((m) => m.subject).sort()).toEqual(['News from the school', '[Test] News from the school']);
    // A broadcast is non-transactional: it carries the one-click unsubscribe headers (mail/marketing.ts).
    const real = delivered.find((m) => m.subject === 'News from the school');
    const header = (name: string) =>
      real?.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\/.+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const history = await t.app.inject({ method: 'GET', url: '/api/admin/broadcasts', headers: owner });
    expect(history.statusCode).toBe(200);
    expect(history.json().broadcasts[0]).toMatchObject({
      id,
      subject: 'News from the school',
      segment,
      recipients: 1,
      created_by: 'broadcast-owner',
      sent_by: 'broadcast-owner',
      sent_at: expect.any(String),
      queued: 1,
      skipped: 2,
      sent: 1,
      failed: 0,
    });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.details}->>'broadcast_id' = ${id}`);
    expect(actions.map((a) => a.action).sort()).toEqual(['broadcast.created', 'broadcast.sent', 'broadcast.test_sent']);
  });

  it('queues a segment of 1,000 students, minus the suppressed, in under 5 s; a second send queues nothing', async () => {
    await insertCohort('2027-05-01', 1000);
    for (const i of [3, 99, 500, 777, 1000]) await suppress(`cohort-2027-05-01-${i}@example.com`);
    const { id, recipients } = await create({ start_date: '2027-05-01' });
    expect(recipients).toBe(995);

    const started = performance.now();
    const res = await post(`/${id}/send`);
    const ms = performance.now() - started;
    console.log(`broadcast to 1,000 students (${testDbKind}): ${res.json().queued} queued in ${ms.toFixed(0)} ms`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 995, skipped: 5 });
    expect(ms).toBeLessThan(5000);
    expect(await outboxOf(id)).toBe(995);

    expect((await post(`/${id}/send`)).statusCode).toBe(409);
    expect(await outboxOf(id)).toBe(995);
  });

  it('of two sends at once, one queues the 1,000 e-mails and the other is refused', async () => {
    await insertCohort('2027-07-01', 1000);
    for (let round = 0; round < 3; round += 1) {
      const { id } = await create({ start_date: '2027-07-01' }, `Race ${round}`);
      const answers = await Promise.all([post(`/${id}/send`), post(`/${id}/send`)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
      expect(answers.find((a) => a.statusCode === 202)?.json()).toEqual({ queued: 1000, skipped: 0 });
      expect(await outboxOf(id)).toBe(1000);
      const [saved] = await t.db.select().from(broadcasts).where(eq(broadcasts.id, id));
      expect(saved).toMatchObject({ queued: 1000, skipped: 0 });
    }
  });

  it('refuses bad input with a 400 {detail} and saves nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(broadcasts))[0]?.n;
    const bad = [
      { subject: '', body: 'x', segment: {} },
      { subject: '   ', body: 'x', segment: {} },
      { subject: 'x'.repeat(201), body: 'x', segment: {} },
      { subject: 'Line\nbreak', body: 'x', segment: {} },
      { subject: 'x', body: '', segment: {} },
      { subject: 'x', body: 'x'.repeat(20_001), segment: {} },
      { subject: 'x', body: 'x' },
      { subject: 'x', body: 'x', segment: { course: 'gold' } },
      { subject: 'x', body: 'x', segment: { start_date: '2027-02-30' } },
      { subject: 'x', body: 'x', segment: { paid: 'yes' } },
    ];
    for (const payload of bad) {
      const res = await post('', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect((await t.db.select({ n: count() }).from(broadcasts))[0]?.n).toBe(before);
    expect((await post('/count', { segment: { course: 'gold' } })).statusCode).toBe(400);
    const { id } = await create({ course: 'foundation' });
    expect((await post(`/${id}/test`, { to: 'not-an-address' })).statusCode).toBe(400);
    expect((await post(`/${MISSING}/send`)).statusCode).toBe(404);
    expect((await post(`/${MISSING}/test`, { to: 'owner@example.com' })).statusCode).toBe(404);
    expect((await post('/not-a-uuid/send')).statusCode).toBe(400);
  });

  it('is for owners only: staff get 403 and nothing is saved or sent; no token, 401', async () => {
    const { id } = await create({ course: 'foundation' });
    const queued = await t.db.select({ n: count() }).from(emailOutbox);
    const calls = [
      { method: 'POST' as const, url: '/api/admin/broadcasts/count', payload: { segment: {} } },
      { method: 'POST' as const, url: '/api/admin/broadcasts', payload: { subject: 'x', body: 'x', segment: {} } },
      { method: 'GET' as const, url: '/api/admin/broadcasts' },
      { method: 'POST' as const, url: `/api/admin/broadcasts/${id}/test`, payload: { to: 'staff@example.com' } },
      { method: 'POST' as const, url: `/api/admin/broadcasts/${id}/send` },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: staff })).statusCode, call.url).toBe(403);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect(await t.db.select({ n: count() }).from(emailOutbox)).toEqual(queued);
    const [draft] = await t.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(draft?.sentAt).toBeNull();
  });
});
