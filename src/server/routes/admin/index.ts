import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginBody, adminLoginResponse, adminMeResponse } from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { logInAdmin, revokeAdminToken } from '@server/domain/admins/log-in-admin';
import { LoginThrottle } from '@server/lib/login-throttle';
import { tagRoutes } from '@server/plugins/api-docs';
import { guardAdminScope, guardOwnerScope, requireAdmin } from '@server/plugins/auth';
import auditAdminRoutes from './audit';
import certificateAdminRoutes from './certificates';
import emailAdminRoutes from './emails';
import erasureRequestAdminRoutes from './erasure-requests';
import idVerificationAdminRoutes from './id-verifications';
import messageAdminRoutes from './messages';
import paymentAdminRoutes from './payments';
import progressAdminRoutes from './progress';
import referralAdminRoutes from './referrals';
import statsAdminRoutes from './stats';
import studentAdminRoutes from './students';

/**
 * The admin API area (mounted under /api/admin). Login is the one open route; every route
 * registered inside the guarded scope answers 401 without a valid, unrevoked admin token before
 * anything else runs (so a test can loop over all of them).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin');
  const throttle = new LoginThrottle(app.attempts);

  app.post(
    '/login',
    {
      schema: {
        summary: 'Admin login: returns an admin token',
        body: adminLoginBody,
        response: { 200: adminLoginResponse, 401: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = await logInAdmin(app.db, app.tokens, throttle, request.body, request.ip);
      return { access_token: session.token, token_type: 'bearer' as const, expires_in: session.expiresInSeconds };
    },
  );

  await app.register(async (guarded) => {
    guardAdminScope(guarded);

    guarded.get(
      '/me',
      {
        schema: {
          summary: 'The signed-in admin: username, role and whether two-factor sign-in is on',
          response: { 200: adminMeResponse },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return { username: admin.username, role: admin.adminRole, totp_enabled: false };
      },
    );

    guarded.post(
      '/logout',
      { schema: { summary: 'Admin logout: revokes the token', response: { 204: z.null() } } },
      async (request, reply) => {
        await revokeAdminToken(guarded.db, requireAdmin(request));
        return reply.code(204).send();
      },
    );

    await guarded.register(statsAdminRoutes);
    await guarded.register(studentAdminRoutes);
    await guarded.register(progressAdminRoutes);
    await guarded.register(referralAdminRoutes);
    await guarded.register(messageAdminRoutes);
    await guarded.register(paymentAdminRoutes);
    await guarded.register(idVerificationAdminRoutes);
    await guarded.register(certificateAdminRoutes);

    // What only an owner may see or do; staff get 403 before the handler runs.
    await guarded.register(async (owners) => {
      guardOwnerScope(owners);
      await owners.register(auditAdminRoutes);
      await owners.register(emailAdminRoutes);
      await owners.register(erasureRequestAdminRoutes);
    });
  });
};

export default adminRoutes;
