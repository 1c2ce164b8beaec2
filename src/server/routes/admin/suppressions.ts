import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/schemas/common';
import { suppressionListQuery, suppressionListResponse } from '@shared/schemas/unsubscribe';
import { listSuppressions } from '@server/domain/email/suppressions';
import { pageFields, pageRequest } from '../wire';

/** The suppression list (owner and staff): who gets no reminders or broadcasts, and since when. */
const suppressionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suppressions',
    {
      schema: {
        summary: 'Addresses that unsubscribed (or an admin added), newest first',
        querystring: suppressionListQuery,
        response: { 200: suppressionListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listSuppressions(app.db, pageRequest(request.query));
      return {
        suppressions: rows.map((row) => ({
          email: row.email,
          source: row.source,
          created_at: row.createdAt.toISOString(),
        })),
        ...pageFields(total, request.query),
      };
    },
  );
};

export default suppressionAdminRoutes;
