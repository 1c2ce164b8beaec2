import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateIdParams,
  certificateRevocationResponse,
  revokeCertificateBody,
} from '@shared/schemas/certificates';
import { errorSchema } from '@shared/schemas/common';
import {
  reinstateCertificate,
  revokeCertificate,
  type RevocationResult,
} from '@server/domain/certificates/revoke-certificate';
import { requireAdmin } from '@server/plugins/auth';

const toRevocation = (result: RevocationResult) => ({
  certificate_id: result.certificateId,
  revoked: result.revokedAt !== null,
  revoked_at: result.revokedAt?.toISOString() ?? null,
  changed: result.changed,
});

/**
 * Revoking and reinstating certificates (docs/product/admin.md#certificates). Registered in the owner
 * scope (index.ts), so a staff token gets 403 before either runs.
 */
const certificateOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.post(
    '/certificate/:certificate_id/revoke',
    {
      schema: {
        summary:
          'Revoke a certificate with a reason (owner): it then verifies as revoked; repeating it changes nothing',
        params: certificateIdParams,
        body: revokeCertificateBody,
        response: { 200: certificateRevocationResponse, ...errors },
      },
    },
    async (request) =>
      toRevocation(
        await revokeCertificate(
          app.db,
          requireAdmin(request),
          request.params.certificate_id,
          request.body.reason,
          app.clock(),
        ),
      ),
  );

  app.post(
    '/certificate/:certificate_id/reinstate',
    {
      schema: {
        summary: 'Reinstate a revoked certificate (owner): it is as it was before; repeating it changes nothing',
        params: certificateIdParams,
        response: { 200: certificateRevocationResponse, ...errors },
      },
    },
    async (request) =>
      toRevocation(
        await reinstateCertificate(app.db, requireAdmin(request), request.params.certificate_id, app.clock()),
      ),
  );
};

export default certificateOwnerRoutes;
