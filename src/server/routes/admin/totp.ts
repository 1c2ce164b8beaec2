import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginResponse,
  totpCodeBody,
  totpEnableResponse,
  totpSetupBody,
  totpSetupResponse,
} from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { AccountThrottle } from '@server/auth/login-throttle';
import { ADMIN_TOKEN_TTL_SECONDS } from '@server/auth/tokens';
import { disableTotp, enableTotp, setUpTotp } from '@server/domain/admins/manage-totp';
import { checkCurrentPassword } from '@server/domain/admins/step-up';
import { checkPasswordReplaced, requireAdmin } from '@server/plugins/auth';

/**
 * The signed-in admin's own two-factor sign-in (docs/product/admin.md#two-factor-sign-in). Outside
 * the ADMIN_REQUIRE_TOTP scope: an admin who must turn it on can. Each call asks for the current
 * password (a stolen session alone cannot change how the admin signs in), counted per admin account
 * and address in the store every process shares; enabling and disabling end the other sessions, so
 * the answer carries a new token.
 */
const totpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
  // An invited admin replaces the generated password first (it is what the step-up asks for).
  app.addHook('onRequest', async (request) => {
    checkPasswordReplaced(requireAdmin(request));
  });
  // The same counts as the password change (own-password.ts): one budget of password guesses per account.
  const throttle = new AccountThrottle(app.accountAttempts, 'step-up');
  const session = async (adminId: string, username: string, now: Date) => ({
    access_token: await app.tokens.adminToken(adminId, username, now),
    token_type: 'bearer' as const,
    expires_in: ADMIN_TOKEN_TTL_SECONDS,
  });

  app.post(
    '/totp/setup',
    {
      schema: {
        summary:
          'Start two-factor set-up with the current password: a new secret and its otpauth:// URL (for the QR code); not on until confirmed',
        body: totpSetupBody,
        response: { 200: totpSetupResponse, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const now = app.clock();
      await checkCurrentPassword(app.db, throttle, admin.adminId, request.body.password, request.ip, now);
      const { secret, otpauthUrl } = await setUpTotp(app.db, app.privateDataKeys, admin, now);
      return { secret, otpauth_url: otpauthUrl };
    },
  );

  app.post(
    '/totp/enable',
    {
      schema: {
        summary:
          'Confirm the set-up with the current password and a first code: two-factor sign-in is on, other sessions end; the ten recovery codes and a new token are in this answer only',
        body: totpCodeBody,
        response: { 200: totpEnableResponse, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      // One time for the change and the new token, as for the tokens it refuses: the app's clock.
      const now = app.clock();
      await checkCurrentPassword(app.db, throttle, admin.adminId, request.body.password, request.ip, now);
      const codes = await enableTotp(app.db, app.privateDataKeys, admin, request.body.code, now);
      await throttle.succeeded(admin.adminId, request.ip);
      return { recovery_codes: codes, ...(await session(admin.adminId, admin.username, now)) };
    },
  );

  app.post(
    '/totp/disable',
    {
      schema: {
        summary:
          'Turn two-factor sign-in off with the current password and a current code: other sessions end; a new token in the answer',
        body: totpCodeBody,
        response: { 200: adminLoginResponse, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const now = app.clock();
      await checkCurrentPassword(app.db, throttle, admin.adminId, request.body.password, request.ip, now);
      await disableTotp(app.db, app.privateDataKeys, admin, request.body.code, now);
      await throttle.succeeded(admin.adminId, request.ip);
      return session(admin.adminId, admin.username, now);
    },
  );
};

export default totpAdminRoutes;
