import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import { studentCertificateResponse } from '@shared/schemas/certificates';
import { emailParams, errorSchema, studentIdParams } from '@shared/schemas/common';
import { idStatusSchema } from '@shared/schemas/id-verification';
import {
  certificateRequestBody,
  progressUpdateBody,
  studentAreaRecordSchema,
  studentLoginResponse,
  studentProgressSchema,
} from '@shared/schemas/student-area';
import type { Student } from '@server/db/schema';
import { requestCertificate } from '@server/domain/certificates/request-certificate';
import { getIdStatus } from '@server/domain/id-verification/get-id-status';
import { setIdRequired } from '@server/domain/id-verification/set-id-required';
import { uploadIdDocument } from '@server/domain/id-verification/upload-id-document';
import { getProgress } from '@server/domain/progress/get-progress';
import { updateStageProgress } from '@server/domain/progress/update-stage-progress';
import { findStudentByEmail, getStudent } from '@server/domain/students/find-student';
import { getStudentCertificate } from '@server/domain/students/get-student-certificate';
import { getStudentAreaRecord, logInStudent } from '@server/domain/students/log-in-student';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '@server/errors';
import { requireStudentAccess } from '@server/plugins/auth';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Route hook for `/student/:id/...`: that student's token or an admin's, checked before the body is validated. */
async function ownStudent(request: FastifyRequest): Promise<void> {
  requireStudentAccess(request, (request.params as { id: string }).id);
}

/**
 * The student of an email path. The token is checked before the lookup, so a student cannot probe
 * which emails exist: an unknown email is 403 for a student and 404 only for an admin.
 */
async function studentByEmail(app: FastifyInstance, request: FastifyRequest, email: string): Promise<Student> {
  if (!request.auth) throw unauthorized();
  const student = await findStudentByEmail(app.db, email);
  if (!student) throw request.auth.role === 'admin' ? notFound('Student not found') : forbidden();
  requireStudentAccess(request, student.id);
  return student;
}

/** The student API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/login/:email',
    {
      schema: { params: emailParams, response: { 200: studentLoginResponse, 404: errorSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => logInStudent(app.db, app.tokens, app.config, request.params.email),
  );

  app.get(
    '/student/:id',
    {
      onRequest: ownStudent,
      schema: { params: studentIdParams, response: { 200: studentAreaRecordSchema, ...errors } },
    },
    async (request) => getStudentAreaRecord(app.db, app.config, await getStudent(app.db, request.params.id)),
  );

  app.get(
    '/students/:email/id-status',
    { schema: { params: emailParams, response: { 200: idStatusSchema, ...errors } } },
    async (request) => getIdStatus(app.db, (await studentByEmail(app, request, request.params.email)).id),
  );

  app.post(
    '/students/:email/set-id-required',
    { schema: { params: emailParams, response: { 200: idStatusSchema, ...errors } } },
    async (request) => setIdRequired(app.db, (await studentByEmail(app, request, request.params.email)).id),
  );

  app.post(
    '/students/:email/upload-id',
    {
      schema: { params: emailParams, response: { 200: idStatusSchema, ...errors, 413: errorSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const student = await studentByEmail(app, request, request.params.email);
      if (!request.isMultipart()) throw badRequest(messages.student.idFileMissing);
      const part = await request.file();
      if (!part) throw badRequest(messages.student.idFileMissing);
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(messages.student.idFileMissing);
      }
      try {
        return await uploadIdDocument(app.db, app.storage, student.id, {
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      } catch (error) {
        // The client went away mid-upload (nothing was kept): not a server failure.
        const aborted = request.raw.readableAborted || request.raw.destroyed;
        if (!(error instanceof AppError) && aborted) throw badRequest(messages.student.idUploadInterrupted);
        throw error;
      }
    },
  );

  app.get(
    '/student/:id/progress',
    { onRequest: ownStudent, schema: { params: studentIdParams, response: { 200: studentProgressSchema, ...errors } } },
    async (request) => getProgress(app.db, await getStudent(app.db, request.params.id)),
  );

  app.post(
    '/student/:id/progress',
    {
      onRequest: ownStudent,
      schema: {
        params: studentIdParams,
        body: progressUpdateBody,
        response: { 200: studentProgressSchema, ...errors },
      },
    },
    async (request) => updateStageProgress(app.db, request.params.id, request.body),
  );

  app.get(
    '/student/:id/certificate',
    {
      onRequest: ownStudent,
      schema: { params: studentIdParams, response: { 200: studentCertificateResponse, ...errors } },
    },
    async (request) =>
      getStudentCertificate(app.db, await getStudent(app.db, request.params.id), app.config.cpdProviderNumber),
  );

  app.post(
    '/student/:id/request-certificate',
    {
      onRequest: ownStudent,
      schema: {
        params: studentIdParams,
        body: certificateRequestBody,
        response: { 201: studentCertificateResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requestCertificate(app.db, request.params.id, request.body ?? {});
      const student = await getStudent(app.db, request.params.id);
      return reply.code(201).send(await getStudentCertificate(app.db, student, app.config.cpdProviderNumber));
    },
  );
};

export default studentRoutes;
