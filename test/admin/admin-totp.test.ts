// engines: both
/**
 * Two-factor sign-in for admins (docs/product/admin.md#two-factor-sign-in): set-up, confirmation with
 * a first code, login with a code or a recovery code, each accepted once, wrong codes throttled like
 * wrong passwords, ADMIN_REQUIRE_TOTP. The app's clock is fixed and moved by hand: no test waits 30 s.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, adminTotp, admins, auditLog } from '@server/db/schema';
import { messages } from '@shared/messages';
import { rotateTotpKey } from '@server/domain/admins/rotate-totp-key';
import { sealTotpSecret } from '@server/domain/admins/totp-codes';
import { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { insertAdmin, TEST_ADMIN_PASSWORD } from '../factories';
import { registeredAdminRoutes } from '../helpers/admin';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

let nowMs = Date.UTC(2026, 0, 5, 9, 0, 0);
const clock = () => new Date(nowMs);
/** The code an authenticator app shows at the app's current time (or `offsetS` seconds from it). */
const codeFor = (secret: string, offsetS = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: nowMs + offsetS * 1000,
  });

async function adminId(t: TestApp, username: string): Promise<string> {
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no admin ${username}`);
  return row.id;
}

/** Turns two-factor sign-in on for `username` through the API; returns the secret and recovery codes. */
async function enableTotp(t: TestApp, username: string) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/admin/totp/setup',
    headers: bearer(await t.adminToken(username)),
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/admin/totp/enable',
    headers: bearer(await t.adminToken(username)),
    payload: { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
  });
  expect(enable.statusCode).toBe(200);
  // The confirmation code is used: sign-in needs the next one.
  nowMs += 30_000;
  // Enabling ended the earlier sessions: the answer's token is this session's.
  const { access_token: token, recovery_codes: recoveryCodes } = enable.json() as {
    access_token: string;
    recovery_codes: string[];
  };
  return { token, secret, recoveryCodes };
}

describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });

  it('sets up with a secret and its otpauth URL, stores the secret encrypted, and is on only once confirmed', async () => {
    const token = await t.adminToken('ada');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: bearer(token),
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: messages.email.siteName,
    });
    const [row] = await t.db
      .select()
      .from(adminTotp)
      .where(eq(adminTotp.adminId, await adminId(t, 'ada')));
    expect(row?.enabledAt).toBeNull();
    expect(row?.ciphertext.toString('utf8')).not.toContain(secret);
    expect(row?.ciphertext.toString('base64')).not.toContain(secret);
    // Not on yet: the password alone still signs in.
    expect((await login({ username: 'ada', password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/enable',
      headers: bearer(token),
      payload: { password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 600) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.adminSecurity.totpCodeWrong });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ totp_enabled: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/totp/enable',
          headers: bearer(token),
          payload: { password: TEST_ADMIN_PASSWORD, code: 'abc' },
        })
      ).json(),
    ).toEqual({ detail: messages.adminSecurity.totpCodeFormat });
  });

  it('turns on with a first code: ten recovery codes shown once and stored hashed, audited, me says so', async () => {
    const { token, recoveryCodes } = await enableTotp(t, 'bea');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const id = await adminId(t, 'bea');
    const stored = await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
    expect(me.json()).toEqual({ username: 'bea', role: 'owner', totp_enabled: true });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.adminId, id));
    expect(audit.map((a) => a.action)).toContain('admin.totp_enabled');
    // A second set-up while on is refused and changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: bearer(token),
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: messages.adminSecurity.totpAlreadyOn });
  });

  it('asks for a code only after the right password, and accepts each code once', async () => {
    const { secret } = await enableTotp(t, 'cai');
    const noCode = await login({ username: 'cai', password: TEST_ADMIN_PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ detail: messages.adminSecurity.totpRequired, totp_required: true });
    const wrongPassword = await login({ username: 'cai', password: 'not-the-password-1' });
    expect(wrongPassword.json()).toEqual({ detail: messages.admin.invalidCredentials });

    const code = codeFor(secret);
    const first = await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: code });
    expect(first.statusCode).toBe(200);
    const token = (first.json() as { access_token: string }).access_token;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const replay = await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: messages.adminSecurity.totpCodeWrong, totp_required: true });
    // The previous step's code (still inside the window) is older than the one used: refused too.
    const older = await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret, -30) });
    expect(older.statusCode).toBe(401);
    // Thirty seconds on, the new code works; one from the step after (a fast phone clock) too.
    nowMs += 30_000;
    expect(
      (await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) })).statusCode,
    ).toBe(200);
    expect(
      (await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret, 30) })).statusCode,
    ).toBe(200);
    // Two minutes away from the app's time is outside the window.
    nowMs += 120_000;
    expect(
      (await login({ username: 'cai', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret, -120) })).statusCode,
    ).toBe(401);
  });

  it('lets exactly one of two sign-ins with the same code through', async () => {
    const { secret } = await enableTotp(t, 'dee');
    const code = codeFor(secret);
    const results = await Promise.all(
      ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((address) =>
        login({ username: 'dee', password: TEST_ADMIN_PASSWORD, totp_code: code }, address),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('accepts each recovery code once, whatever its case and dashes', async () => {
    const { recoveryCodes } = await enableTotp(t, 'eve');
    const [code = '', other = ''] = recoveryCodes;
    const typed = code.toUpperCase().replace('-', ' ');
    expect((await login({ username: 'eve', password: TEST_ADMIN_PASSWORD, recovery_code: typed })).statusCode).toBe(
      200,
    );
    const again = await login({ username: 'eve', password: TEST_ADMIN_PASSWORD, recovery_code: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: messages.adminSecurity.recoveryCodeWrong, totp_required: true });
    expect((await login({ username: 'eve', password: TEST_ADMIN_PASSWORD, recovery_code: other })).statusCode).toBe(
      200,
    );
    const used = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, await adminId(t, 'eve')));
    expect(used.filter((u) => u.usedAt !== null)).toHaveLength(2);
  });

  it('counts a wrong code against the same throttle as a wrong password', async () => {
    const { secret } = await enableTotp(t, 'fay');
    for (let i = 0; i < 5; i += 1) {
      const res = await login({
        username: 'fay',
        password: TEST_ADMIN_PASSWORD,
        totp_code: codeFor(secret, 3600 + i * 30),
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ username: 'fay', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) });
    expect(blocked.statusCode).toBe(429);
  });

  it('turns off with a current code, audited; the password alone then signs in', async () => {
    const { token, secret } = await enableTotp(t, 'gus');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/disable',
      headers: bearer(token),
      payload: { password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 900) },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/disable',
      headers: bearer(token),
      payload: { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
    });
    expect(off.statusCode).toBe(200);
    const offToken = (off.json() as { access_token: string }).access_token;
    const id = await adminId(t, 'gus');
    expect(await t.db.select().from(adminTotp).where(eq(adminTotp.adminId, id))).toEqual([]);
    expect(await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id))).toEqual([]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.adminId, id));
    expect(audit.map((a) => a.action)).toContain('admin.totp_disabled');
    expect((await login({ username: 'gus', password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
    const offAgain = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/disable',
      headers: bearer(offToken),
      payload: { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
    });
    expect(offAgain.statusCode).toBe(409);
  });
});

describe('rotating the ID document key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  it('re-encrypts the two-factor secrets with the current key, which then signs in; an unknown key is counted', async () => {
    const oldKey = randomBytes(32);
    const old = new PrivateDataKeyRing(oldKey);
    const secret = new Secret({ size: 20 }).base32;
    const kim = await insertAdmin(t.db, 'kim');
    const lee = await insertAdmin(t.db, 'lee');
    await t.db
      .insert(adminTotp)
      .values({ adminId: kim.id, ...(await sealTotpSecret(old, kim.id, secret)), enabledAt: new Date() });
    const lost = new PrivateDataKeyRing(randomBytes(32));
    await t.db
      .insert(adminTotp)
      .values({ adminId: lee.id, ...(await sealTotpSecret(lost, lee.id, secret)), enabledAt: new Date() });

    const keys = new PrivateDataKeyRing(t.config.idDocuments.key, [oldKey]);
    expect(await rotateTotpKey(t.db, keys)).toEqual({ reencrypted: 1, unreadable: 1 });
    const [row] = await t.db.select().from(adminTotp).where(eq(adminTotp.adminId, kim.id));
    expect(row?.keyId).toBe(t.app.privateDataKeys.currentKeyId);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'kim', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('ADMIN_REQUIRE_TOTP=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_REQUIRE_TOTP: '1' }, { clock });
  });
  afterAll(() => t.close());

  const OPEN = ['GET /api/admin/me', 'POST /api/admin/me/password', 'POST /api/admin/logout'];

  it('refuses every admin route but me, the password change, logout and the TOTP set-up until two-factor sign-in is on', async () => {
    const token = await t.adminToken('hal');
    const staff = await t.adminToken('ivy', 'staff');
    for (const route of registeredAdminRoutes(t.app)) {
      const key = `${route.method} ${route.url}`;
      if (route.url === '/api/admin/login' || OPEN.includes(key) || route.url.startsWith('/api/admin/totp/')) continue;
      for (const who of [token, staff]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: bearer(who),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, key).toBe(403);
        expect(res.json()).toEqual({ detail: messages.adminSecurity.totpSetupRequired, totp_setup_required: true });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(200);

    await enableTotp(t, 'hal');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(token) })).statusCode,
    ).toBe(200);
    // Still refused to the staff admin without it.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(staff) })).statusCode).toBe(
      403,
    );
  });
});
