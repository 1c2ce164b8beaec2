import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateCertificateResponse,
  adminCertificatesQuery,
  adminCertificatesResponse,
  certificateIdParams,
  completionConfirmBody,
} from '@shared/schemas/certificates';
import { errorSchema } from '@shared/schemas/common';
import { activateCertificate } from '@server/domain/certificates/activate-certificate';
import { listCertificates } from '@server/domain/certificates/list-certificates';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest } from '../wire';
import { toAdminCertificate } from './wire';

/** Admin certificates routes; registered inside the guarded admin scope (an admin token is already checked). */
const certificateAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/certificates',
    {
      schema: {
        summary: 'Issued certificates',
        querystring: adminCertificatesQuery,
        response: { 200: adminCertificatesResponse },
      },
    },
    async (request) => {
      const { rows, total } = await listCertificates(app.db, pageRequest(request.query));
      return { certificates: rows.map(toAdminCertificate), ...pageFields(total, request.query) };
    },
  );

  app.post(
    '/certificate/:certificate_id/activate',
    {
      schema: {
        summary:
          'Activate a certificate (it then verifies publicly); before the course starts or below 100 % only with confirm_incomplete',
        params: certificateIdParams,
        body: completionConfirmBody,
        response: { 200: activateCertificateResponse, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const result = await activateCertificate(
        app.db,
        requireAdmin(request),
        request.params.certificate_id,
        { confirmIncomplete: request.body.confirm_incomplete },
        app.clock(),
      );
      return { certificate_id: result.certificateId, activated: true as const, already_active: result.alreadyActive };
    },
  );
};

export default certificateAdminRoutes;
