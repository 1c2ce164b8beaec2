import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressListQuery, progressListResponse } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listStudentProgress } from '@server/domain/admin/list-student-progress';

/** GET /api/admin/student-progress: the Course Progress tab. */
const progressAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student-progress',
    {
      schema: {
        querystring: progressListQuery,
        response: { 200: progressListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => listStudentProgress(app.db, request.query),
  );
};

export default progressAdminRoutes;
