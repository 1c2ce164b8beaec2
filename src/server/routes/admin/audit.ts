import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponse, paginationQuery } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listAuditLog } from '@server/domain/audit/list-audit-log';
import { pageFields, pageRequest } from '../wire';
import { toAuditEntry } from './wire';

/** GET /api/admin/audit-log: the Activity view. */
const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        summary: 'Activity: the audit log of admin actions, newest first',
        querystring: paginationQuery,
        response: { 200: auditListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listAuditLog(app.db, pageRequest(request.query));
      return { entries: rows.map(toAuditEntry), ...pageFields(total, request.query) };
    },
  );
};

export default auditAdminRoutes;
