/** The admin's session: sign in (the admin area's one open route), who is signed in, sign out. */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginBody, adminLoginError, adminLoginResponse, adminMeResponse } from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { AccountThrottle, LoginThrottle } from '@server/auth/login-throttle';
import { logInAdmin, revokeAdminToken } from '@server/domain/admins/log-in-admin';
import { requireAdmin } from '@server/plugins/auth';

/** POST /login, registered outside the guarded scope. */
export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per app: its counts live in this app's attempt store.
  const throttles = {
    login: new LoginThrottle(app.attempts),
    // The second factor, per admin account too, in the store every process shares.
    secondFactor: new AccountThrottle(app.accountAttempts, 'sign-in-code'),
  };

  app.post(
    '/login',
    {
      schema: {
        summary:
          'Admin login: returns an admin token. With two-factor sign-in on, totp_code or recovery_code too (401 with totp_required: true without one)',
        body: adminLoginBody,
        response: { 200: adminLoginResponse, 401: adminLoginError, 429: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = await logInAdmin(
        app.db,
        app.tokens,
        app.privateDataKeys,
        throttles,
        request.body,
        request.ip,
        app.clock(),
      );
      return { access_token: session.token, token_type: 'bearer' as const, expires_in: session.expiresInSeconds };
    },
  );
};

/**
 * `me` and logout, registered inside the guarded scope: any signed-in admin. Not Zod-typed: logout
 * answers 204 with `send()` (no payload), which the typed reply would refuse.
 */
export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in admin: username, role and whether two-factor sign-in is on',
        response: { 200: adminMeResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { username: admin.username, role: admin.adminRole, totp_enabled: admin.totpEnabled };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Admin logout: revokes the token', response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeAdminToken(app.db, requireAdmin(request));
      return reply.code(204).send();
    },
  );
};
