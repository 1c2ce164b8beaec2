/**
 * Import `test` and `expect` from here, not from @playwright/test: every page fails its test on a
 * console error or an uncaught exception. A test that expects a particular console error (e.g. the
 * widget's logged API failure) lists a pattern for it with `allowConsoleErrors`.
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test';

export const admin = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'e2e-admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-123',
};

export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** An admin bearer token through the real login API (for setting up data in journeys). */
export async function adminApiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.ok(), `admin login: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A unique email for a test student. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
