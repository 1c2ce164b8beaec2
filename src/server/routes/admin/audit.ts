import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponse, paginationQuery } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listAuditLog } from '@server/domain/admin/list-audit-log';

/** GET /api/admin/audit-log: the Activity view. */
const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        querystring: paginationQuery,
        response: { 200: auditListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};

export default auditAdminRoutes;
