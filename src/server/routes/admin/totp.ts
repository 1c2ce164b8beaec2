import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totpCodeBody, totpEnableResponse, totpSetupResponse } from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { disableTotp, enableTotp, setUpTotp } from '@server/domain/admins/manage-totp';
import { requireAdmin } from '@server/plugins/auth';

/**
 * The signed-in admin's own two-factor sign-in (docs/product/admin.md#two-factor-sign-in). Outside
 * the ADMIN_REQUIRE_TOTP scope: an admin who must turn it on can.
 */
const totpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };

  app.post(
    '/totp/setup',
    {
      schema: {
        summary:
          'Start two-factor set-up: a new secret and its otpauth:// URL (for the QR code); not on until confirmed',
        response: { 200: totpSetupResponse, ...errors },
      },
    },
    async (request) => {
      const { secret, otpauthUrl } = await setUpTotp(app.db, app.privateDataKeys, requireAdmin(request), app.clock());
      return { secret, otpauth_url: otpauthUrl };
    },
  );

  app.post(
    '/totp/enable',
    {
      schema: {
        summary:
          'Confirm the set-up with a first code: two-factor sign-in is on; the ten recovery codes are in this answer only',
        body: totpCodeBody,
        response: { 200: totpEnableResponse, ...errors },
      },
    },
    async (request) => ({
      recovery_codes: await enableTotp(
        app.db,
        app.privateDataKeys,
        requireAdmin(request),
        request.body.code,
        app.clock(),
      ),
    }),
  );

  app.post(
    '/totp/disable',
    {
      schema: {
        summary: 'Turn two-factor sign-in off with a current code',
        body: totpCodeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTotp(app.db, app.privateDataKeys, requireAdmin(request), request.body.code, app.clock());
      return reply.code(204).send(null);
    },
  );
};

export default totpAdminRoutes;
