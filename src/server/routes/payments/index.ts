import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The payments API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const paymentsRoutes: FastifyPluginAsyncZod = async () => {};

export default paymentsRoutes;
