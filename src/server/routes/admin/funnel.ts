import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/schemas/common';
import { funnelQuery, funnelResponse } from '@shared/schemas/admin-outreach';
import { getFunnel } from '@server/domain/reports/get-funnel';
import { toFunnel } from './wire';

/** GET /api/admin/funnel: registrations by UK week and the stages they reached (owner and staff). */
const funnelAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funnel',
    {
      schema: {
        summary: 'The enrolment funnel by registration week, its totals and what the reminders recovered',
        querystring: funnelQuery,
        response: { 200: funnelResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => toFunnel(await getFunnel(app.db, request.query, app.clock())),
  );
};

export default funnelAdminRoutes;
