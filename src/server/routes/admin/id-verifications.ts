import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin id-verifications routes; registered inside the guarded admin scope (an admin token is already checked). */
const idVerificationAdminRoutes: FastifyPluginAsyncZod = async () => {};

export default idVerificationAdminRoutes;
