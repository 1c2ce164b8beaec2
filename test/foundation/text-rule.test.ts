/**
 * The shared text rule (src/shared/schemas/text.ts): NUL, control characters, lone
 * surrogates and (in names) bidi overrides are a clear 400 {detail} on every route that takes text,
 * and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { isAllowedText } from '@shared/schemas/text';
import { insertCourseStudent, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { tableCounts } from '../helpers/table-counts';

describe('the text rule', () => {
  it('refuses NUL, controls and lone surrogates, keeps ordinary text, emoji and (multi-line) line breaks', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u009b', 'x\ud800', '\udc00x', 'a\u007f']) {
      for (const kind of ['line', 'multiline', 'name'] as const) expect(isAllowedText(bad, kind), bad).toBe(false);
    }
    for (const good of ['Zoë O’Brien-Smith', 'Łukasz 😀', 'عربي', '日本語', '']) {
      for (const kind of ['line', 'multiline', 'name'] as const) expect(isAllowedText(good, kind), good).toBe(true);
    }
    expect(isAllowedText('line one\nline two\ttabbed\r\n', 'multiline')).toBe(true);
    expect(isAllowedText('line one\nline two', 'line')).toBe(false);
    expect(isAllowedText('evil\u202Egnp.exe', 'name')).toBe(false);
    expect(isAllowedText('isolate\u2066x\u2069', 'name')).toBe(false);
    expect(isAllowedText('evil\u202Egnp.exe', 'line')).toBe(true);
  });
});

describe('routes apply the text rule', () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  let address = 0;
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    adminAuth = bearer(await t.adminToken());
  });
  afterAll(() => t.close());

  /** Sends the request and checks it is a 400 with a {detail} and that no table changed. */
  async function expectRejected(
    request: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> },
    detail?: string | RegExp,
  ) {
    const before = await tableCounts(t.db);
    const res = await t.app.inject({ ...request, remoteAddress: nextAddress() });
    expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['detail']);
    if (detail) expect(body.detail).toMatch(detail);
    expect(await tableCounts(t.db)).toEqual(before);
  }

  const registration = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada.textrule@example.com',
    phone: '07400 123456',
    referral_code: 'FRIEND',
  };

  it('registration: NUL or controls in any field, bidi overrides in names', async () => {
    for (const field of ['first_name', 'last_name', 'phone', 'referral_code', 'email'] as const) {
      for (const bad of ['x\u0000y', 'x\u0001', 'x\ud800']) {
        await expectRejected(
          { method: 'POST', url: '/api/students', payload: { ...registration, [field]: bad } },
          /Invalid characters/,
        );
      }
    }
    for (const field of ['first_name', 'last_name'] as const) {
      await expectRejected(
        { method: 'POST', url: '/api/students', payload: { ...registration, [field]: 'Ada\u202Egnp' } },
        messages.common.invalidNameCharacters,
      );
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { ...registration, first_name: 'Zoë 😀' },
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('contact form: name, subject, message; a message may have line breaks', async () => {
    const valid = { name: 'Grace', email: 'grace.textrule@example.com', subject: 'Hi', message: 'Hello' };
    for (const field of ['name', 'subject', 'message', 'email'] as const) {
      await expectRejected({ method: 'POST', url: '/api/support/messages', payload: { ...valid, [field]: 'a\u0000' } });
    }
    await expectRejected({ method: 'POST', url: '/api/support/messages', payload: { ...valid, name: 'G\u202Ex' } });
    await expectRejected({ method: 'POST', url: '/api/support/messages', payload: { ...valid, subject: 'a\nb' } });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: { ...valid, message: 'Line one\nLine two\n\tindented' },
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('admin login username and password', async () => {
    await expectRejected({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    await expectRejected({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'x\u0000' },
    });
  });

  it('email paths of the student area', async () => {
    const student = await insertStudent(t.db);
    const auth = bearer(await t.studentToken(student.id));
    await expectRejected({ method: 'GET', url: '/api/student/login/a%00b%40example.com' });
    await expectRejected({ method: 'GET', url: '/api/students/a%00b%40example.com/id-status', headers: auth });
    await expectRejected({ method: 'POST', url: '/api/students/a%00b/set-id-required', headers: auth });
    await expectRejected({ method: 'GET', url: '/api/students/a%01b/id-status', headers: adminAuth });
  });

  it('admin searches and the CSV export refuse a NUL before anything is sent', async () => {
    for (const url of [
      '/api/admin/students?search=%00',
      '/api/admin/student-progress?search=a%00',
      '/api/admin/referral-codes?search=%00',
      '/api/admin/students/export.csv?search=%00',
    ]) {
      await expectRejected({ method: 'GET', url, headers: adminAuth });
    }
  });

  it('a lone surrogate in Mark Paid notes or a rejection reason is a 400, not a 500', async () => {
    const student = await insertStudent(t.db);
    await expectRejected({
      method: 'POST',
      url: `/api/admin/students/${student.id}/mark-paid`,
      payload: { payment_type: 'enrollment', notes: 'paid \ud800 cash' },
      headers: adminAuth,
    });
    const pending = await insertCourseStudent(t.db, { idStatus: 'pending' });
    await expectRejected({
      method: 'POST',
      url: `/api/admin/id-verification/${pending.id}/review`,
      payload: { status: 'rejected', rejection_reason: 'blurry \udc00' },
      headers: adminAuth,
    });
    // Line breaks are fine in notes.
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${student.id}/mark-paid`,
      payload: { payment_type: 'enrollment', notes: 'Paid in cash\nreceipt 42' },
      headers: adminAuth,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('certificate ids in paths', async () => {
    await expectRejected({ method: 'GET', url: '/api/certificates/abc%00' });
    await expectRejected({ method: 'POST', url: '/api/admin/certificate/abc%07/activate', headers: adminAuth });
  });
});
