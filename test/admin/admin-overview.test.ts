// engines: both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeStages,
  insertContactMessage,
  insertIdVerification,
  insertPaidStudent,
  insertPayment,
  insertStudent,
  pricePence,
  storeIdDocument,
} from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

describe('admin statistics, progress, referral codes, activity and messages', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer(await t.adminToken('overseer'));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it('counts students, payments and revenue for the six stat cards and the weekly chart', async () => {
    await insertStudent(t.db);
    await insertPaidStudent(t.db);
    await insertPaidStudent(t.db, { course: 'foundation', coursePaid: true });
    await insertPaidStudent(t.db, { course: 'pro', coursePaid: true });
    await insertPaidStudent(t.db, { course: 'pro' });
    // A payment whose student was deleted still counts as revenue; a failed one does not.
    await insertPayment(t.db, { studentId: null, paymentType: 'enrollment' });
    await insertPayment(t.db, { studentId: null, paymentType: 'enrollment', status: 'failed' });
    const revenuePence =
      pricePence('enrollment') + // the fee only
      pricePence('combined', 'foundation') +
      pricePence('combined', 'pro') +
      pricePence('enrollment') + // Pro chosen, only the fee paid
      pricePence('enrollment'); // the orphan
    const revenue = revenuePence / 100;
    const res = await get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      total_students: 5,
      enrollment_paid: 4,
      pending_payments: 1,
      foundation_students: 1,
      pro_students: 1,
      total_revenue: revenue,
    });
    expect(stats.weekly).toHaveLength(12);
    const thisWeek = stats.weekly[11];
    expect(thisWeek).toEqual({ week_start: expect.any(String), enrollments: 5, revenue });
    expect(new Date(`${thisWeek.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(stats.weekly.slice(0, 11).every((w: { enrollments: number }) => w.enrollments === 0)).toBe(true);
  });

  it('lists course progress only for students whose course is paid', async () => {
    const pro = await insertPaidStudent(t.db, {
      course: 'pro',
      coursePaid: true,
      columns: { firstName: 'Progress', lastName: 'Pro' },
    });
    await completeStages(t.db, pro.id, [1, 2, 6]);
    const body = (await get('/api/admin/student-progress?search=progress')).json();
    expect(body.total).toBe(1);
    expect(body.students[0]).toEqual({
      student_id: pro.id,
      student_name: 'Progress Pro',
      email: pro.email,
      course_type: 'pro',
      foundation_progress: [true, true, false, false, false],
      pro_progress: [true, false, false, false],
      progress_percentage: 33.33,
      total_stages: 9,
      completed_stages: 3,
    });
    const all = (await get('/api/admin/student-progress?page_size=200')).json();
    expect(all.students.every((s: { total_stages: number }) => s.total_stages > 0)).toBe(true);
    expect(all.total).toBe(3);
  });

  it('lists referral codes with the payment state', async () => {
    const student = await insertPaidStudent(t.db, {
      course: 'pro',
      columns: { firstName: 'Referral', lastName: 'Holder' },
    });
    const body = (await get('/api/admin/referral-codes?search=referral holder')).json();
    expect(body.referrals).toEqual([
      {
        student_id: student.id,
        student_name: 'Referral Holder',
        email: student.email,
        referral_code: student.referralCode,
        enrollment_paid: true,
        course_paid: false,
        course_type: 'pro',
      },
    ]);
  });

  it('lists the audit log newest first with who, what, which student and when', async () => {
    const student = await insertStudent(t.db, { firstName: 'Audited', lastName: 'One' });
    const headers = auth;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/students/${student.id}/status`,
      headers,
      payload: { completion_status: 'contacted' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/students/${student.id}/status`,
      headers,
      payload: { completion_status: 'emailed' },
    });
    const body = (await get('/api/admin/audit-log?page_size=2')).json();
    expect(body.total).toBe(2);
    expect(body.entries.map((e: { details: { to: string } }) => e.details.to)).toEqual(['emailed', 'contacted']);
    expect(body.entries[0]).toMatchObject({
      admin_username: 'overseer',
      action: 'student.status_changed',
      student_id: student.id,
      student_name: 'Audited One',
    });
    expect(Date.parse(body.entries[0].created_at)).not.toBeNaN();
  });

  it('lists support messages newest first and marks one read once', async () => {
    await insertContactMessage(t.db, { name: 'Older', createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertContactMessage(t.db, { name: 'Newer', message: 'Where is my certificate?' });
    const body = (await get('/api/admin/messages')).json();
    expect(body).toMatchObject({ total: 2, unread: 2 });
    expect(body.messages.map((m: { name: string }) => m.name)).toEqual(['Newer', 'Older']);
    const read = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${newer.id}/read`, headers: auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: newer.id, read: true, message: 'Where is my certificate?' });
    await t.app.inject({ method: 'POST', url: `/api/admin/messages/${newer.id}/read`, headers: auth });
    expect((await get('/api/admin/messages')).json().unread).toBe(1);
    const activity = (await get('/api/admin/audit-log'))
      .json()
      .entries.filter((e: { action: string }) => e.action === 'message.read');
    expect(activity).toHaveLength(1);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/messages/00000000-0000-4000-8000-000000000000/read',
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Message not found' });
  });

  it('refuses to reject an ID without a reason', async () => {
    const student = await insertPaidStudent(t.db, { course: 'pro', coursePaid: true });
    await insertIdVerification(t.db, student.id, 'pending');
    await storeIdDocument(t.db, t.app.privateDataKeys, student.id, Buffer.from('png'));
    for (const rejection_reason of ['', '   ', null, undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/id-verification/${student.id}/review`,
        headers: auth,
        payload: { student_id: student.id, status: 'rejected', rejection_reason },
      });
      expect(res.statusCode).toBe(400);
    }
    const pending = (await get('/api/admin/id-verifications')).json();
    expect(pending.map((p: { student_id: string }) => p.student_id)).toContain(student.id);
  });
});
