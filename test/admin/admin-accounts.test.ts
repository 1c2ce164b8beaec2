// engines: both
/**
 * Owners manage admins (docs/product/admin.md#admins): add with a generated password shown once,
 * change role, reset two-factor sign-in, remove; every change audited; the school always keeps an
 * owner, also when two owners demote or remove each other at the same moment (on PostgreSQL the
 * requests really run side by side on separate connections).
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp, admins, auditLog } from '@server/db/schema';
import { messages } from '@shared/messages';
import { insertAdmin, TEST_ADMIN_PASSWORD } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { tableCounts } from '../helpers/table-counts';

describe('admin accounts', () => {
  let t: TestApp;
  let owner: string;
  let piaToken = '';
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await t.adminToken('olga');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(token), payload });
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const owners = async () => (await t.db.select().from(admins).where(eq(admins.role, 'owner'))).length;

  it('adds an admin with a generated password shown once, who signs in with it; audited', async () => {
    const res = await call('POST', '/admins', owner, { username: 'stan', role: 'staff' });
    expect(res.statusCode).toBe(201);
    const { username, role, password } = res.json() as { username: string; role: string; password: string };
    expect({ username, role }).toEqual({ username: 'stan', role: 'staff' });
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [row] = await t.db.select().from(admins).where(eq(admins.username, 'stan'));
    expect(row?.passwordHash).not.toContain(password);
    expect(await lastAudit()).toMatchObject({
      adminUsername: 'olga',
      action: 'admin.created',
      details: { username: 'stan', role: 'staff' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'stan', password },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { access_token: string }).access_token;
    const me = await call('GET', '/me', token);
    expect(me.json()).toEqual({ username: 'stan', role: 'staff', totp_enabled: false });

    const list = await call('GET', '/admins', owner);
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as { admins: Array<Record<string, unknown>> }).admins;
    expect(listed.map((a) => [a.username, a.role])).toEqual([
      ['olga', 'owner'],
      ['stan', 'staff'],
    ]);
    expect(listed[1]).toMatchObject({ totp_enabled: false, last_login_at: expect.any(String) });
    expect(JSON.stringify(listed)).not.toMatch(/password/);
  });

  it('refuses a taken username (any case), a bad username or role, and changes nothing', async () => {
    const before = await tableCounts(t.db);
    for (const [payload, status, detail] of [
      [{ username: 'STAN', role: 'owner' }, 409, messages.adminSecurity.adminExists],
      [{ username: 'a b', role: 'staff' }, 400, messages.adminSecurity.usernameFormat],
      [{ username: 'x', role: 'staff' }, 400, messages.adminSecurity.usernameFormat],
      [{ username: 'newbie', role: 'boss' }, 400, undefined],
      [{ username: 'newbie' }, 400, undefined],
    ] as const) {
      const res = await call('POST', '/admins', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (detail) expect(res.json()).toEqual({ detail });
      else expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("changes an admin's role at once (a token issued before it follows), audited", async () => {
    await insertAdmin(t.db, 'pia', 'staff');
    const pia = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'pia', password: TEST_ADMIN_PASSWORD },
    });
    const token = (pia.json() as { access_token: string }).access_token;
    piaToken = token;
    expect((await call('GET', '/payments', token)).statusCode).toBe(403);
    const res = await call('PATCH', '/admins/PIA', owner, { role: 'owner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'pia', role: 'owner' });
    expect(await lastAudit()).toMatchObject({
      action: 'admin.role_changed',
      details: { username: 'pia', from: 'staff', to: 'owner' },
    });
    expect((await call('GET', '/payments', token)).statusCode).toBe(200);
    expect((await call('PATCH', '/admins/pia', owner, { role: 'staff' })).statusCode).toBe(200);
    expect((await call('GET', '/payments', token)).statusCode).toBe(403);
    expect((await call('PATCH', '/admins/nobody', owner, { role: 'staff' })).statusCode).toBe(404);
    expect((await call('PATCH', '/admins/pia', owner, { role: 'god' })).statusCode).toBe(400);
  });

  it('resets two-factor sign-in of an admin who lost their phone, audited', async () => {
    const quinn = await insertAdmin(t.db, 'quinn', 'staff');
    const sealed = await t.app.privateDataKeys.seal(`admin-totp:${quinn.id}`, [Buffer.from('JBSWY3DPEHPK3PXP')]);
    await t.db.insert(adminTotp).values({ adminId: quinn.id, ...sealed, enabledAt: new Date() });
    const required = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'quinn', password: TEST_ADMIN_PASSWORD },
    });
    expect(required.json()).toMatchObject({ totp_required: true });
    const res = await call('POST', '/admins/quinn/reset-totp', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'quinn', totp_enabled: false });
    expect(await lastAudit()).toMatchObject({ action: 'admin.totp_reset', details: { username: 'quinn' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'quinn', password: TEST_ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('removes an admin, whose token stops working at once; audited', async () => {
    const token = await t.adminToken('rex', 'staff');
    expect((await call('GET', '/stats', token)).statusCode).toBe(200);
    const res = await call('DELETE', '/admins/rex', owner);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/stats', token)).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({ action: 'admin.removed', details: { username: 'rex', role: 'staff' } });
    expect((await call('DELETE', '/admins/rex', owner)).statusCode).toBe(404);
  });

  it('answers 409 {detail} to an owner removing their own account, with another owner left; nothing changes', async () => {
    const self = await t.adminToken('sela');
    await call('PATCH', '/admins/sela', owner, { role: 'owner' });
    const before = await tableCounts(t.db);
    const res = await call('DELETE', '/admins/sela', self);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.adminSecurity.cannotRemoveSelf });
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await call('GET', '/me', self)).statusCode).toBe(200);
    // Another owner may remove it.
    expect((await call('DELETE', '/admins/sela', owner)).statusCode).toBe(204);
  });

  it('never demotes or removes the last owner', async () => {
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.role, 'owner'));
    await t.db.update(admins).set({ role: 'owner' }).where(eq(admins.username, 'olga'));
    const before = await tableCounts(t.db);
    const demote = await call('PATCH', '/admins/olga', owner, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ detail: messages.adminSecurity.lastOwner });
    const remove = await call('DELETE', '/admins/olga', owner);
    expect(remove.statusCode).toBe(409);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await owners()).toBe(1);
    // With a second owner, an owner may step down.
    await call('PATCH', '/admins/pia', owner, { role: 'owner' });
    expect((await call('PATCH', '/admins/olga', owner, { role: 'staff' })).statusCode).toBe(200);
    expect((await call('PATCH', '/admins/olga', piaToken, { role: 'owner' })).statusCode).toBe(200);
  });

  it('keeps an owner when two owners demote or remove each other at the same moment', async () => {
    for (let i = 0; i < 8; i += 1) {
      const a = `race-a-${i}`;
      const b = `race-b-${i}`;
      // Only these two are owners for this round.
      await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.role, 'owner'));
      const tokenA = await t.adminToken(a, 'owner');
      const tokenB = await t.adminToken(b, 'owner');
      const [first, second] =
        i % 2 === 0
          ? await Promise.all([
              call('PATCH', `/admins/${b}`, tokenA, { role: 'staff' }),
              call('PATCH', `/admins/${a}`, tokenB, { role: 'staff' }),
            ])
          : await Promise.all([call('DELETE', `/admins/${b}`, tokenA), call('DELETE', `/admins/${a}`, tokenB)]);
      const codes = [first?.statusCode, second?.statusCode];
      // One wins; the other is refused: 409 (the last owner), or 403/401 when its sender lost the role first.
      expect(
        codes.filter((c) => c === 200 || c === 204),
        `round ${i}: ${codes.join(',')}`,
      ).toHaveLength(1);
      expect(await owners(), `round ${i}`).toBe(1);
    }
    await t.db.update(admins).set({ role: 'owner' }).where(eq(admins.username, 'olga'));
  });

  it('is owner-only: a staff admin cannot list, add, change or remove admins', async () => {
    const staff = await t.adminToken('sid', 'staff');
    const before = await tableCounts(t.db);
    for (const [method, url, payload] of [
      ['GET', '/admins', undefined],
      ['POST', '/admins', { username: 'sneaky', role: 'owner' }],
      ['PATCH', '/admins/sid', { role: 'owner' }],
      ['POST', '/admins/olga/reset-totp', undefined],
      ['DELETE', '/admins/olga', undefined],
    ] as const) {
      const res = await call(method, url, staff, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ detail: messages.admin.ownersOnly });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
