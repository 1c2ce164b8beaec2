import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startDateBody, statusUpdateBody, studentListQuery, studentListResponse } from '@shared/schemas/admin';
import { completionConfirmBody } from '@shared/schemas/certificates';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import { studentRecordSchema } from '@shared/schemas/student';
import { listStudents } from '@server/domain/students/list-students';
import { setCourseStartDate } from '@server/domain/students/set-course-start-date';
import { completeStudent, updateStudentStatus } from '@server/domain/students/update-student-status';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest, toStudentRecord } from '../wire';

/** Student Management for any admin (docs/product/admin.md); the owner-only actions are in students-owner.ts. */
const studentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

  app.get(
    '/students',
    {
      schema: {
        summary: 'Students: filter, search and page',
        querystring: studentListQuery,
        response: { 200: studentListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listStudents(app.db, request.query, pageRequest(request.query));
      return { students: rows.map(toStudentRecord), ...pageFields(total, request.query) };
    },
  );

  app.put(
    '/students/:id/status',
    {
      schema: {
        summary: "Set a student's completion status",
        params: studentIdParams,
        body: statusUpdateBody,
        response: { 200: studentRecordSchema, ...errors },
      },
    },
    async (request) =>
      toStudentRecord(
        await updateStudentStatus(
          app.db,
          requireAdmin(request),
          request.params.id,
          request.body.completion_status,
          app.clock(),
        ),
      ),
  );

  app.put(
    '/students/:id/start-date',
    {
      schema: {
        summary: "Move a student's course start date (any date; refused while a card payment is pending)",
        params: studentIdParams,
        body: startDateBody,
        response: { 200: studentRecordSchema, ...errors },
      },
    },
    async (request) =>
      toStudentRecord(
        await setCourseStartDate(
          app.db,
          requireAdmin(request),
          request.params.id,
          request.body.course_start_date,
          app.clock(),
        ),
      ),
  );

  app.put(
    '/students/:id/complete',
    {
      schema: {
        summary:
          'Mark a student completed (their course must be paid; before it starts or below 100 % only with confirm_incomplete)',
        params: studentIdParams,
        body: completionConfirmBody,
        response: { 200: studentRecordSchema, ...errors },
      },
    },
    async (request) =>
      toStudentRecord(
        await completeStudent(
          app.db,
          requireAdmin(request),
          request.params.id,
          { confirmIncomplete: request.body.confirm_incomplete },
          app.clock(),
        ),
      ),
  );
};

export default studentAdminRoutes;
