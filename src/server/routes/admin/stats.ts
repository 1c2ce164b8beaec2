import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { getAdminStats } from '@server/domain/admin/get-admin-stats';

/** GET /api/admin/stats: the six stat cards and the 12-week chart. */
const statsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats', { schema: { response: { 200: adminStatsSchema, 401: errorSchema } } }, async () =>
    getAdminStats(app.db),
  );
};

export default statsAdminRoutes;
