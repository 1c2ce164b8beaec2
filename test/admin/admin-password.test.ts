// engines: both
/**
 * An admin changes their own password (docs/product/admin.md#two-factor-sign-in): the current one is
 * checked, the new one must be long enough and new; afterwards the old password no longer signs in,
 * every token issued before is refused (another device is signed out), the answer's new token works,
 * and the change is audited. A refused change changes nothing. Tokens carry whole seconds: the app's
 * clock is fixed and moved on a second by hand, instead of waiting for the next one.
 */
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { MIN_PASSWORD_LENGTH } from '@shared/passwords';
import { auditLog } from '@server/db/schema';
import { setAdminPassword } from '@server/domain/admins/create-admin';
import { TEST_ADMIN_PASSWORD } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { tableCounts } from '../helpers/table-counts';

describe('an admin changes their own password', () => {
  let t: TestApp;
  let nowMs = Date.parse('2027-01-04T09:00:00.500Z');
  /** The next whole second: later than any token issued so far. */
  const nextSecond = () => (nowMs = Math.floor(nowMs / 1000) * 1000 + 1000 + 500);
  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => new Date(nowMs) });
  });
  afterAll(() => t.close());

  const login = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'stella', password } });
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/me/password', headers: bearer(token), payload });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });

  it('refuses a wrong current password, a short or unchanged new one, with 400 and no change', async () => {
    const token = await t.adminToken('stella', 'staff');
    const before = await tableCounts(t.db);
    for (const [payload, detail] of [
      [
        { current_password: 'not-it-at-all', new_password: 'a-brand-new-password' },
        messages.adminSecurity.currentPasswordWrong,
      ],
      [
        { current_password: TEST_ADMIN_PASSWORD, new_password: 'short' },
        messages.adminSecurity.passwordTooShort(MIN_PASSWORD_LENGTH),
      ],
      [
        { current_password: TEST_ADMIN_PASSWORD, new_password: TEST_ADMIN_PASSWORD },
        messages.adminSecurity.passwordUnchanged,
      ],
    ] as const) {
      const res = await change(token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await change('not-a-token', { current_password: 'x', new_password: 'y' })).statusCode).toBe(401);
  });

  it('changes it: the old password and every earlier token are refused, the new token and password work; audited', async () => {
    const signedIn = (await login(TEST_ADMIN_PASSWORD)).json().access_token as string;
    const otherDevice = (await login(TEST_ADMIN_PASSWORD)).json().access_token as string;
    // Tokens carry whole seconds: the change must come in a later second than the tokens it refuses.
    nextSecond();

    const res = await change(signedIn, { current_password: TEST_ADMIN_PASSWORD, new_password: 'a-brand-new-password' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().access_token as string;

    expect((await me(signedIn)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(fresh)).json()).toMatchObject({ username: 'stella', role: 'staff' });
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(401);
    const again = await login('a-brand-new-password');
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().access_token)).statusCode).toBe(200);

    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ adminUsername: 'stella', action: 'admin.password_changed' });
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-password');
  });

  it('a password set from the command line signs out the tokens issued before it too', async () => {
    const token = (await login('a-brand-new-password')).json().access_token as string;
    nextSecond();
    expect(await setAdminPassword(t.db, 'stella', 'set-by-the-operator', new Date(nowMs))).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login('set-by-the-operator')).statusCode).toBe(200);
  });
});
