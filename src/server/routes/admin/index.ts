import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../plugins/auth';

/**
 * The admin API area (mounted under /api/admin). Open routes (login) are registered on `app`;
 * every other route goes inside the guarded scope, which answers 401 without a valid, unrevoked
 * admin token before anything else runs.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', adminOnly);
  });
};

export default adminRoutes;
