// engines: both
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

describe('admin login and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.adminToken('owner');
  });
  afterAll(() => t.close());

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object });

  it('issues a bearer token for the right password, whatever the username case', async () => {
    const res = await login({ username: 'OWNER', password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 28800 });
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(body.access_token) });
    expect(logout.statusCode).toBe(204);
  });

  it('refuses a wrong password or unknown user with the same message', async () => {
    for (const payload of [
      { username: 'owner', password: 'wrong-password-123' },
      { username: 'nobody', password: 'x' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username or password' });
    }
  });

  it('asks for both fields', async () => {
    for (const payload of [{}, { username: 'owner' }, { username: '  ', password: 'x' }, { password: 'x' }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Please enter both username and password' });
    }
  });

  it('throttles repeated failures per username, even with the right password afterwards', async () => {
    await t.adminToken('target');
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ username: 'target', password: `wrong-${i}-aaaaaaaa` })).statusCode).toBe(401);
    }
    const blocked = await login({ username: 'target', password: TEST_ADMIN_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed login attempts/);
    // Another username is not affected.
    expect((await login({ username: 'owner', password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('counts concurrent guesses atomically, and does not lock the real admin out from another address', async () => {
    await t.adminToken('raced');
    const attacker = '203.0.113.66';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'raced', password: `guess-${i}-aaaaaaaa` },
          remoteAddress: attacker,
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    for (const res of answers) expect(Object.keys(res.json())).toEqual(['detail']);
    // The attacker's address stays refused, even with the right password...
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'raced', password: TEST_ADMIN_PASSWORD },
      remoteAddress: attacker,
    });
    expect(again.statusCode).toBe(429);
    // ...but the real admin, from their own address, gets in (at most slowed down).
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'RACED', password: TEST_ADMIN_PASSWORD },
      remoteAddress: '198.51.100.7',
    });
    expect(real.statusCode).toBe(200);
  });

  it('rejects revoked, forged, expired and student tokens on guarded routes', async () => {
    const token = (await login({ username: 'owner', password: TEST_ADMIN_PASSWORD })).json().access_token;
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    const forged = await new SignJWT({ role: 'admin', username: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const owner = (await t.db.query.admins.findFirst())!;
    const expired = await t.app.tokens.adminToken(owner.id, owner.username, t.app.clock(), -10);
    const student = await t.studentToken('00000000-0000-0000-0000-000000000000');
    for (const bad of [token, forged, expired, student, 'garbage']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });
});
