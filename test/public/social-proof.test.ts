// engines: both
/**
 * Social proof by consent (docs/product/public-pages.md, recent sign-up widget): a student appears
 * only when they ticked the step-1 box and paid; invented examples are allowed only while the owner's
 * setting `sample_signups` is on, and the answer says so; the live chat link reaches the public config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { students } from '@server/db/schema';
import { RECENT_SIGNUPS_CACHE_MS } from '@server/routes/public';
import { insertPaidStudent, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { registerStudent } from '../helpers/enrolment';

let t: TestApp;
let owner: string;
/** How far the app's clock is moved ahead of the system's (past the recent sign-ups' cache). */
let aheadMs = 0;
const pastCache = () => {
  aheadMs += RECENT_SIGNUPS_CACHE_MS + 1;
};

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(Date.now() + aheadMs) });
  owner = await t.adminToken('olivia', 'owner');
});
afterAll(() => t.close());

const stored = async (id: string) => (await t.db.query.students.findFirst({ where: eq(students.id, id) }))!;
const recentSignups = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/recent-signups' });
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: { first_name: string; signup_location: string }[]; samples_allowed: boolean };
};
const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(owner), payload });

describe('POST /api/students: the consent to appear in recent sign-ups', () => {
  it('is false when not given, and the town is then not kept', async () => {
    const student = await registerStudent(t, { town: 'Leeds' });
    const row = await stored(student.id);
    expect(row.showInRecentSignups).toBe(false);
    expect(row.signupLocation).toBeNull();
  });

  it('is stored with the town when the student ticks the box', async () => {
    const student = await registerStudent(t, { show_in_recent_signups: true, town: '  York ' });
    const row = await stored(student.id);
    expect(row.showInRecentSignups).toBe(true);
    expect(row.signupLocation).toBe('York');
  });

  it('refuses a consent that is not a boolean', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'consent-string@example.com', show_in_recent_signups: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(messages.enrolment.consentInvalid);
  });

  it("is in the student's data export", async () => {
    const student = await registerStudent(t, { show_in_recent_signups: true, town: 'Bath' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/export`,
      headers: bearer(student.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ show_in_recent_signups: true, signup_location: 'Bath' });
  });
});

describe('GET /api/recent-signups', () => {
  it('lists only students who said yes and paid, and allows no examples by default', async () => {
    await insertPaidStudent(t.db, { columns: { firstName: 'Consented', showInRecentSignups: true, signupLocation: 'Hull' } });
    await insertPaidStudent(t.db, { columns: { firstName: 'Silent' } });
    await insertStudent(t.db, { firstName: 'Unpaidyes', showInRecentSignups: true });
    pastCache();
    const answer = await recentSignups();
    expect(answer.notifications.map((n) => n.first_name)).toEqual(['Consented']);
    expect(answer.notifications[0]!.signup_location).toBe('Hull');
    expect(answer.samples_allowed).toBe(false);
  });

  it("says examples are allowed while the owner's sample_signups setting is on, and not once it is off", async () => {
    expect((await putSettings({ sample_signups: 'on' })).statusCode).toBe(200);
    pastCache();
    expect((await recentSignups()).samples_allowed).toBe(true);

    expect((await putSettings({ sample_signups: 'off' })).statusCode).toBe(200);
    pastCache();
    expect((await recentSignups()).samples_allowed).toBe(false);
  });
});

describe('settings: sample_signups and live_chat_url', () => {
  it.each([
    [{ sample_signups: 'yes' }, messages.admin.settingInvalidSwitch],
    [{ sample_signups: true }, messages.admin.settingInvalidSwitch],
    [{ live_chat_url: 'not a url' }, messages.admin.settingInvalidUrl],
    [{ live_chat_url: 'javascript:alert(1)' }, messages.admin.settingInvalidUrl],
  ])('refuses %j with 400', async (payload, detail) => {
    const res = await putSettings(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });

  it('gives the public config the live chat link once set, and null again once cleared', async () => {
    const chat = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json().support.live_chat_url as string | null;
    expect(await chat()).toBeNull();
    expect((await putSettings({ live_chat_url: 'https://chat.example/school' })).statusCode).toBe(200);
    expect(await chat()).toBe('https://chat.example/school');
    expect((await putSettings({ live_chat_url: '' })).statusCode).toBe(200);
    expect(await chat()).toBeNull();
  });
});
