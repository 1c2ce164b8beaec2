import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import { erasureRequestSchema, studentDataExportSchema, studentErasureResponse } from '@shared/schemas/privacy';
import { findLatestErasureRequest, requestErasure } from '@server/domain/privacy/erasure-requests';
import { exportStudentData } from '@server/domain/privacy/export-student-data';
import { getStudent } from '@server/domain/students/find-student';
import { studentSecurity } from '@server/plugins/api-docs';
import { requireStudentAccess } from '@server/plugins/auth';
import { studentDataFileName, toErasureRequest, toStudentDataExport } from '../privacy-wire';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** That student's token or an admin's, before anything else runs. */
function ownStudent(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  requireStudentAccess(request, (request.params as { id: string }).id);
  done();
}

/** "Your data" in the student area (docs/product/student-area.md): download it, ask for erasure. */
const studentPrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:id/export',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Download everything held about the student (JSON file; the ID image only while it is kept)',
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentDataExportSchema, ...errors },
      },
      // The file may carry a 10 MB ID image: a few downloads per address are plenty.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const data = await exportStudentData(app.db, app.privateDataKeys, request.params.id);
      const now = app.clock();
      reply.header('content-disposition', `attachment; filename="${studentDataFileName(data.student.id, now)}"`);
      return toStudentDataExport(data, now);
    },
  );

  app.get(
    '/student/:id/erasure-request',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's latest erasure request, if any",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentErasureResponse, ...errors },
      },
    },
    async (request) => {
      const student = await getStudent(app.db, request.params.id);
      const latest = await findLatestErasureRequest(app.db, student.id);
      return { request: latest && toErasureRequest(latest) };
    },
  );

  app.post(
    '/student/:id/erasure-request',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Ask for the account to be erased (an owner carries it out or refuses it; the student is emailed)',
        security: studentSecurity,
        params: studentIdParams,
        response: { 202: erasureRequestSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(toErasureRequest(await requestErasure(app.db, request.params.id))),
  );
};

export default studentPrivacyRoutes;
