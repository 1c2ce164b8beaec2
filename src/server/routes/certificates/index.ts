import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The certificates API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const certificatesRoutes: FastifyPluginAsyncZod = async () => {};

export default certificatesRoutes;
