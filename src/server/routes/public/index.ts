import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The public API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const publicRoutes: FastifyPluginAsyncZod = async () => {};

export default publicRoutes;
