import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginResponse, adminPasswordChangeBody } from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { changeOwnPassword } from '@server/domain/admins/change-own-password';
import { ADMIN_TOKEN_TTL_SECONDS } from '@server/auth/tokens';
import { AccountThrottle } from '@server/auth/login-throttle';
import { reserveAccountAttempt } from '@server/domain/admins/step-up';
import { requireAdmin } from '@server/plugins/auth';

/**
 * The signed-in admin's own password (docs/product/admin.md#two-factor-sign-in). Outside the
 * ADMIN_REQUIRE_TOTP scope, like the two-factor set-up: any admin may change it.
 */
const ownPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guesses at the current password, per admin account and address, counted with the two-factor
  // step-up's (totp.ts) in the store every process shares.
  const throttle = new AccountThrottle(app.accountAttempts, 'step-up');
  app.post(
    '/me/password',
    {
      schema: {
        summary:
          "Change the signed-in admin's password: every token issued before is refused from then on; a new token in the answer",
        body: adminPasswordChangeBody,
        response: { 200: adminLoginResponse, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      // Each try checks the current password, so tries are few, as at login.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      // One time for the change and the new token, as for the tokens it refuses: the app's clock.
      const now = app.clock();
      await reserveAccountAttempt(throttle, admin.adminId, request.ip, now);
      await changeOwnPassword(
        app.db,
        admin,
        app.privateDataKeys,
        { current: request.body.current_password, next: request.body.new_password, code: request.body.code },
        now,
      );
      await throttle.succeeded(admin.adminId, request.ip);
      const token = await app.tokens.adminToken(admin.adminId, admin.username, now);
      return { access_token: token, token_type: 'bearer' as const, expires_in: ADMIN_TOKEN_TTL_SECONDS };
    },
  );
};

export default ownPasswordRoutes;
