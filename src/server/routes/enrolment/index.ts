import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The enrolment API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const enrolmentRoutes: FastifyPluginAsyncZod = async () => {};

export default enrolmentRoutes;
