import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The student API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const studentRoutes: FastifyPluginAsyncZod = async () => {};

export default studentRoutes;
