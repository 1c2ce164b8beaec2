import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/schemas/common';
import {
  cohortCreateBody,
  cohortDateParams,
  cohortListResponse,
  cohortSchema,
  cohortUpdateBody,
  cohortWaitlistResponse,
} from '@shared/schemas/admin-school';
import { createCohort, deleteCohort, listCohorts, updateCohort, type CohortView } from '@server/domain/cohorts/cohorts';
import { listWaitlist } from '@server/domain/cohorts/waitlist';
import { requireAdmin } from '@server/plugins/auth';

const toCohort = (cohort: CohortView) => ({
  course_start_date: cohort.courseStartDate,
  capacity: cohort.capacity,
  closed: cohort.closed,
  enrolled: cohort.enrolled,
  held: cohort.held,
  offered: cohort.offered,
  waiting: cohort.waiting,
});

/** Course start dates with their capacity (registered in the owners' scope; docs/product/admin.md). */
const cohortAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cohorts',
    {
      schema: {
        summary:
          'Every course start date, soonest first, with its capacity and who takes its places: paid (enrolled), live holds (held), waitlist offers (offered), and those waiting',
        response: { 200: cohortListResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ cohorts: (await listCohorts(app.db, app.clock())).map(toCohort) }),
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
        summary:
          'Change a start date: capacity (null: no limit) or closed; audited. Places freed go to the waitlist at once',
        params: cohortDateParams,
        body: cohortUpdateBody,
        response: { 200: cohortSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      toCohort(
        await updateCohort(
          app.db,
          requireAdmin(request),
          request.params.date,
          request.body,
          app.clock(),
          app.config.places.waitlistHoldHours,
        ),
      ),
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

/** A start date's waitlist (owners and staff: registered in the admins' scope). */
export const cohortWaitlistAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cohorts/:date/waitlist',
    {
      schema: {
        summary: "A start date's waitlist, first in line first, with when each was offered a place",
        params: cohortDateParams,
        response: {
          200: cohortWaitlistResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => ({
      waitlist: (await listWaitlist(app.db, request.params.date)).map((entry) => ({
        email: entry.email,
        first_name: entry.firstName,
        joined_at: entry.joinedAt.toISOString(),
        offered_at: entry.offeredAt?.toISOString() ?? null,
      })),
    }),
  );
};
