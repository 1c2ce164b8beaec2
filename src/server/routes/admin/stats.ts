import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { getAdminStats } from '@server/domain/reports/get-admin-stats';
import { toAdminStats } from './wire';

/** GET /api/admin/stats: the six stat cards and the 12-week chart. */
const statsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        summary: 'Dashboard: the stat cards and the 12-week chart',
        response: { 200: adminStatsSchema, 401: errorSchema },
      },
    },
    async () => toAdminStats(await getAdminStats(app.db, app.clock())),
  );
};

export default statsAdminRoutes;
