import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchPageQuery, progressListResponse } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listStudentProgress } from '@server/domain/progress/list-student-progress';
import { pageFields, pageRequest } from '../wire';
import { toAdminProgress } from './wire';

/** GET /api/admin/student-progress: the Course Progress tab. */
const progressAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student-progress',
    {
      schema: {
        summary: 'Course progress of the students whose course is paid',
        querystring: searchPageQuery,
        response: { 200: progressListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listStudentProgress(app.db, request.query.search, pageRequest(request.query));
      return { students: rows.map(toAdminProgress), ...pageFields(total, request.query) };
    },
  );
};

export default progressAdminRoutes;
