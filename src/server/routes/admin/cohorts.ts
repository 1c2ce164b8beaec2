import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/schemas/common';
import {
  cohortCreateBody,
  cohortDateParams,
  cohortListResponse,
  cohortSchema,
  cohortUpdateBody,
} from '@shared/schemas/admin-school';
import { createCohort, deleteCohort, listCohorts, updateCohort, type CohortView } from '@server/domain/cohorts/cohorts';
import { requireAdmin } from '@server/plugins/auth';

const toCohort = (cohort: CohortView) => ({
  course_start_date: cohort.courseStartDate,
  capacity: cohort.capacity,
  closed: cohort.closed,
  enrolled: cohort.enrolled,
});

/** Course start dates with their capacity (registered in the owners' scope; docs/product/admin.md). */
const cohortAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cohorts',
    {
      schema: {
        summary: 'Every course start date, soonest first, with its capacity and the students who chose it',
        response: { 200: cohortListResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ cohorts: (await listCohorts(app.db)).map(toCohort) }),
  );

  app.post(
    '/cohorts',
    {
      schema: {
        summary: 'Add a course start date (after today), with an optional capacity; audited',
        body: cohortCreateBody,
        response: { 201: cohortSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const cohort = await createCohort(
        app.db,
        requireAdmin(request),
        { courseStartDate: request.body.course_start_date, capacity: request.body.capacity ?? null },
        app.clock(),
      );
      return reply.code(201).send(toCohort(cohort));
    },
  );

  app.patch(
    '/cohorts/:date',
    {
      schema: {
        summary: 'Change a start date: capacity (null: no limit) or closed; audited',
        params: cohortDateParams,
        body: cohortUpdateBody,
        response: { 200: cohortSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => toCohort(await updateCohort(app.db, requireAdmin(request), request.params.date, request.body)),
  );

  app.delete(
    '/cohorts/:date',
    {
      schema: {
        summary: 'Delete a start date no student has chosen (else 409); audited',
        params: cohortDateParams,
        response: {
          204: z.null(),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteCohort(app.db, requireAdmin(request), request.params.date);
      return reply.code(204).send(null);
    },
  );
};

export default cohortAdminRoutes;
