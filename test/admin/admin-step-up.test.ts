// engines: both
/**
 * Changes to how an admin signs in (docs/product/admin.md#two-factor-sign-in): two-factor
 * set-up, enable and disable ask for the current password as well as the session; guesses at an
 * account's password or codes are limited per account as well as per address, in counts every process
 * shares (the database without Redis); each factor change ends the admin's other sessions; and no
 * stranger without the password can lock the owner out. The app's clock is fixed and moved by hand:
 * tokens carry whole seconds, so a change is made a second after the tokens it must end.
 */
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { adminTotp, admins, throttleAttempts } from '@server/db/schema';
import { AccountThrottle, DatabaseAttemptCounter } from '@server/auth/login-throttle';
import { TEST_ADMIN_PASSWORD } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

let nowMs = Date.UTC(2027, 1, 1, 9, 0, 0, 500);
const clock = () => new Date(nowMs);
/** The next whole second: later than every token issued so far. */
const nextSecond = () => (nowMs = Math.floor(nowMs / 1000) * 1000 + 1500);
const codeFor = (secret: string, offsetS = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: nowMs + offsetS * 1000,
  });

describe('two-factor step-up and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: bearer(token), payload, remoteAddress });
  const login = (payload: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });
  const stats = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })).statusCode;
  const totpRow = async (username: string) => {
    const [row] = await t.db
      .select({ enabledAt: adminTotp.enabledAt })
      .from(adminTotp)
      .innerJoin(admins, eq(admins.id, adminTotp.adminId))
      .where(eq(admins.username, username));
    return row ?? null;
  };

  /** Sets up and enables with the password; returns the secret, the new token and the recovery codes. */
  async function turnOn(username: string) {
    const token = await t.adminToken(username);
    const setup = await post('/totp/setup', token, { password: TEST_ADMIN_PASSWORD });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const on = await post('/totp/enable', token, { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) });
    expect(on.statusCode, on.body).toBe(200);
    nowMs += 30_000;
    const body = on.json() as { access_token: string; recovery_codes: string[] };
    return { secret, token: body.access_token, recoveryCodes: body.recovery_codes };
  }

  it('refuses set-up, enable and disable without the current password, or with a wrong one, and changes nothing', async () => {
    const token = await t.adminToken('sam');
    for (const payload of [{}, { password: '' }, { password: 'not-the-password' }]) {
      const res = await post('/totp/setup', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('/totp/setup', token, { password: 'not-the-password' })).json()).toEqual({
      detail: messages.adminSecurity.currentPasswordWrong,
    });
    expect(await totpRow('sam')).toBeNull();

    const setup = await post('/totp/setup', token, { password: TEST_ADMIN_PASSWORD });
    const { secret } = setup.json() as { secret: string };
    for (const payload of [{ code: codeFor(secret) }, { password: 'not-the-password', code: codeFor(secret) }]) {
      expect((await post('/totp/enable', token, payload)).statusCode).toBe(400);
    }
    expect(await totpRow('sam')).toMatchObject({ enabledAt: null });

    const on = await post('/totp/enable', token, { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) });
    const onToken = (on.json() as { access_token: string }).access_token;
    nowMs += 30_000;
    for (const payload of [{ code: codeFor(secret) }, { password: 'not-the-password', code: codeFor(secret) }]) {
      expect((await post('/totp/disable', onToken, payload)).statusCode).toBe(400);
    }
    expect((await totpRow('sam'))?.enabledAt).not.toBeNull();
  });

  it('limits disable guesses per address and per account (429), while the owner still signs in from a fresh address', async () => {
    const { secret, token } = await turnOn('tia');
    const wrong = (address: string, i: number) =>
      post('/totp/disable', token, { password: TEST_ADMIN_PASSWORD, code: codeFor(secret, 3600 + i * 30) }, address);
    for (let i = 0; i < 5; i += 1) expect((await wrong('198.51.100.1', i)).statusCode).toBe(400);
    const sameAddress = await wrong('198.51.100.1', 5);
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json()).toEqual({ detail: messages.adminSecurity.tooManyTries(15) });
    // Five more from other addresses reach the account's ten; then every address is refused.
    for (let i = 0; i < 5; i += 1) expect((await wrong(`198.51.100.${10 + i}`, 10 + i)).statusCode).toBe(400);
    const fresh = await post(
      '/totp/disable',
      token,
      { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
      '203.0.113.9',
    );
    expect(fresh.statusCode).toBe(429);
    expect((await totpRow('tia'))?.enabledAt).not.toBeNull();
    // A wrong password counts the same: no password guessing through the step-up either.
    expect(
      (await post('/totp/disable', token, { password: 'guess-guess-1', code: '123456' }, '203.0.113.10')).statusCode,
    ).toBe(429);
    // Signing in is another count: the owner, from a fresh address, still gets in.
    const signIn = await login(
      { username: 'tia', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) },
      '192.0.2.44',
    );
    expect(signIn.statusCode).toBe(200);
    // The window passes: disabling works again.
    nowMs += 15 * 60 * 1000;
    const off = await post(
      '/totp/disable',
      token,
      { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) },
      '203.0.113.9',
    );
    expect(off.statusCode, off.body).toBe(200);
  });

  it('asks for a current code as well to change the password while two-factor is on', async () => {
    const { secret, token } = await turnOn('yara');
    const change = (extra: object) =>
      post('/me/password', token, {
        current_password: TEST_ADMIN_PASSWORD,
        new_password: 'yara-chose-a-new-one',
        ...extra,
      });
    const noCode = await change({});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ detail: messages.adminSecurity.totpRequired });
    const wrong = await change({ code: codeFor(secret, 3600) });
    expect(wrong.json()).toEqual({ detail: messages.adminSecurity.totpCodeWrong });
    expect((await login({ username: 'yara', password: 'yara-chose-a-new-one' })).statusCode).toBe(401);
    const right = await change({ code: codeFor(secret) });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('limits the password change per account across addresses (429)', async () => {
    const token = await t.adminToken('uma');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await post(
        '/me/password',
        token,
        { current_password: `guess-number-${i}`, new_password: 'a-brand-new-password' },
        `198.51.100.${100 + (i % 3)}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const fresh = await post(
      '/me/password',
      token,
      { current_password: TEST_ADMIN_PASSWORD, new_password: 'a-brand-new-password' },
      '203.0.113.50',
    );
    expect(fresh.statusCode).toBe(429);
  });

  it('limits sign-in codes per account across addresses, and a stranger without the password cannot lock the owner out', async () => {
    const { secret } = await turnOn('vic');
    // Someone without the password, from eight addresses: the owner is not locked out. (The sign-in's
    // per-username slow-down starts over twenty attempts: this test stays under it.)
    for (let i = 0; i < 8; i += 1) {
      expect((await login({ username: 'vic', password: `wrong-${i}-password` }, `10.1.${i}.1`)).statusCode).toBe(401);
    }
    expect(
      (await login({ username: 'vic', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) }, '192.0.2.1'))
        .statusCode,
    ).toBe(200);
    nowMs += 30_000;
    // Someone with the password guesses codes from eleven addresses: ten tries for the account, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await login(
        { username: 'vic', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret, 3600 + i * 30) },
        `10.2.${i}.1`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('ends the other sessions when two-factor is enabled, disabled, reset by an owner, or a recovery code is used', async () => {
    // Enable: a token issued with the password alone stops working; the answer's token works.
    const before = await t.adminToken('wyn');
    expect(await stats(before)).toBe(200);
    nextSecond();
    const { secret, token, recoveryCodes } = await turnOn('wyn');
    expect(await stats(before)).toBe(401);
    expect(await stats(token)).toBe(200);

    // A recovery code used at sign-in ends the sessions before it.
    nextSecond();
    const recovered = await login({
      username: 'wyn',
      password: TEST_ADMIN_PASSWORD,
      recovery_code: recoveryCodes[0] ?? '',
    });
    expect(recovered.statusCode).toBe(200);
    const recoveredToken = (recovered.json() as { access_token: string }).access_token;
    expect(await stats(token)).toBe(401);
    expect(await stats(recoveredToken)).toBe(200);

    // Disable: the other sessions end; the answer's token works.
    const other = (
      (await login({ username: 'wyn', password: TEST_ADMIN_PASSWORD, totp_code: codeFor(secret) })).json() as {
        access_token: string;
      }
    ).access_token;
    nextSecond();
    nowMs += 30_000;
    const off = await post('/totp/disable', recoveredToken, { password: TEST_ADMIN_PASSWORD, code: codeFor(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await stats(other)).toBe(401);
    expect(await stats(recoveredToken)).toBe(401);
    expect(await stats((off.json() as { access_token: string }).access_token)).toBe(200);

    // An owner's reset of another admin's two-factor ends that admin's sessions.
    const { token: xenaToken } = await turnOn('xena');
    const owner = await t.adminToken('olive');
    nextSecond();
    expect((await post('/admins/xena/reset-totp', owner, {})).statusCode).toBe(200);
    expect(await stats(xenaToken)).toBe(401);
    expect(await stats(owner)).toBe(200);
  });
});

describe('the database attempt counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  it('lets at most the limit through when two processes count the same account at once', async () => {
    // Two counters on one database: what two server processes without Redis share.
    const throttles = [
      new AccountThrottle(new DatabaseAttemptCounter(t.db), 'step-up'),
      new AccountThrottle(new DatabaseAttemptCounter(t.db), 'step-up'),
    ];
    const waits = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (throttles[i % 2] as AccountThrottle).reserve('00000000-0000-4000-8000-000000000001', `10.9.${i}.1`, nowMs),
      ),
    );
    // Attempts are counted before they are checked: concurrent ones may all be refused, never over-admitted.
    expect(waits.filter((w) => w === 0).length).toBeLessThanOrEqual(10);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(throttleAttempts)
      .where(eq(throttleAttempts.key, 'step-up-account:00000000-0000-4000-8000-000000000001'));
    expect(row?.n).toBe(24);
  });
});
