import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markPaidBody, studentFilterQuery } from '@shared/schemas/admin';
import { studentExportFileName } from '@shared/api-paths';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import { studentRecordSchema } from '@shared/schemas/student';
import { markStudentPaid } from '@server/domain/payments/mark-student-paid';
import { exportStudentsCsv } from '@server/domain/reports/export-students-csv';
import { deleteStudent } from '@server/domain/students/delete-student';
import { requireAdmin } from '@server/plugins/auth';
import { toStudentRecord } from '../wire';

/**
 * Reads the header row and the first batch before the answer starts, so a database failure (or
 * timeout) is still a proper error answer rather than a 200 that stops half way.
 */
async function primed(chunks: AsyncGenerator<string>): Promise<AsyncGenerator<string>> {
  const head: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
  }
  return (async function* () {
    yield* head;
    yield* chunks;
  })();
}

/**
 * Student Management's owner-only actions: CSV export, Mark Paid, Delete. Registered in the owner
 * scope (index.ts), so a staff token gets 403 before any of them runs.
 */
const studentOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

  app.get(
    '/students/export.csv',
    {
      schema: {
        summary: 'Export the filtered students as CSV',
        querystring: studentFilterQuery,
        fileResponse: { status: 200, contentTypes: ['text/csv'], description: 'The students, one per row (UTF-8)' },
      },
    },
    async (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${studentExportFileName(app.clock())}"`)
        .header('cache-control', 'no-store');
      return reply.send(
        Readable.from(withByteOrderMark(await primed(exportStudentsCsv(app.db, request.query))), { objectMode: false }),
      );
    },
  );

  app.post(
    '/students/:id/mark-paid',
    {
      schema: {
        summary: 'Record a payment made outside the card form',
        params: studentIdParams,
        body: markPaidBody,
        response: { 200: studentRecordSchema, ...errors },
      },
    },
    async (request) =>
      toStudentRecord(
        await markStudentPaid(
          app.db,
          requireAdmin(request),
          request.params.id,
          { paymentType: request.body.payment_type, notes: request.body.notes },
          app.clock(),
        ),
      ),
  );

  app.delete(
    '/students/:id',
    {
      schema: {
        summary: 'Delete a student, their records and their ID document',
        params: studentIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteStudent(app.db, requireAdmin(request), request.params.id, app.clock());
      return reply.code(204).send(null);
    },
  );
};

/** A UTF-8 byte order mark first, so Excel reads "£" and accents as UTF-8. */
async function* withByteOrderMark(lines: AsyncIterable<string>): AsyncGenerator<string> {
  yield '\uFEFF';
  yield* lines;
}

export default studentOwnerRoutes;
