import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin certificates routes; registered inside the guarded admin scope (an admin token is already checked). */
const certificateAdminRoutes: FastifyPluginAsyncZod = async () => {};

export default certificateAdminRoutes;
