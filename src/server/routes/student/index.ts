import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_UPLOAD_TYPES } from '@shared/id-documents';
import { messages } from '@shared/messages';
import { studentCertificateResponse } from '@shared/schemas/certificates';
import { emailParams, errorSchema, studentIdParams } from '@shared/schemas/common';
import { idStatusSchema } from '@shared/schemas/id-verification';
import {
  certificateRequestBody,
  loginCodeRequestBody,
  loginCodeSentResponse,
  loginCodeVerifyBody,
  progressUpdateBody,
  studentAreaRecordSchema,
  studentLoginResponse,
  studentProgressSchema,
} from '@shared/schemas/student-area';
import type { Student } from '@server/db/schema';
import { findStudentCertificate } from '@server/domain/certificates/find-student-certificate';
import { requestCertificate } from '@server/domain/certificates/request-certificate';
import { findIdVerification } from '@server/domain/id-verification/find-id-verification';
import { setIdRequired } from '@server/domain/id-verification/set-id-required';
import { uploadIdDocument } from '@server/domain/id-verification/upload-id-document';
import { cpdProviderNumber } from '@server/domain/settings/site-settings';
import { getProgressById } from '@server/domain/progress/get-progress';
import { updateStageProgress } from '@server/domain/progress/update-stage-progress';
import { findStudentByEmail, getStudent } from '@server/domain/students/find-student';
import { logInStudent } from '@server/domain/students/log-in-student';
import { logOutStudent } from '@server/domain/students/log-out-student';
import { requestLoginCode } from '@server/domain/students/request-login-code';
import { verifyLoginCode } from '@server/domain/students/verify-login-code';
import { LoginCodeHasher } from '@server/auth/login-codes';
import { CodeRequestThrottle } from '@server/auth/login-throttle';
import { getStudentAccount } from '@server/domain/students/student-account';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { DomainError } from '@server/errors';
import { studentSecurity, tagRoutes } from '@server/plugins/api-docs';
import { requireStudentAccess } from '@server/plugins/auth';
import { toIdStatus, toStudentAreaRecord } from '../wire';
import studentPrivacyRoutes from './privacy';
import { toStudentCertificate, toStudentProgress } from './wire';

/** ID uploads allowed per student (and per client address, for requests without a valid token). */
export const ID_UPLOADS_PER_STUDENT = { max: 10, timeWindow: '10 minutes' } as const;

/**
 * Who an ID upload is counted against (the route's hook runs after the token is read): the signed-in
 * student or admin, whatever the address; without a valid token, the client address. Never the
 * email of the path, which anyone can type (docs/decisions/032-throttles-keyed-by-what-the-owner-controls.md).
 */
function idUploadKey(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.role === 'student') return `id-upload:student:${auth.studentId}`;
  if (auth?.role === 'admin') return `id-upload:admin:${auth.adminId}`;
  return `id-upload:address:${request.ip}`;
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Route hook for `/student/:id/...`: that student's token or an admin's, checked before the body is
 * validated. A callback hook (a refusal is thrown, and Fastify answers it as any error): no promise.
 */
function ownStudent(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  requireStudentAccess(request, (request.params as { id: string }).id);
  done();
}

/** A body's optional `student_id` must name the student of the path. */
function assertSameStudent(pathId: string, bodyId: string | undefined): void {
  if (bodyId && bodyId !== pathId) throw new DomainError('invalid', messages.student.studentIdMismatch);
}

/**
 * The student of an email path. The token is checked before the lookup, so a student cannot probe
 * which emails exist: an unknown email is 403 for a student and 404 only for an admin.
 */
async function studentByEmail(app: FastifyInstance, request: FastifyRequest, email: string): Promise<Student> {
  if (!request.auth) throw new DomainError('unauthenticated', messages.common.notSignedIn);
  const student = await findStudentByEmail(app.db, email);
  if (!student)
    throw request.auth.role === 'admin'
      ? new DomainError('not_found', messages.admin.studentNotFound)
      : new DomainError('forbidden', messages.common.forbidden);
  requireStudentAccess(request, student.id);
  return student;
}

/** The student API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'student');
  const certificateOf = async (studentId: string) => {
    const student = await getStudent(app.db, studentId);
    const certificate = await findStudentCertificate(app.db, student.id);
    return toStudentCertificate(student, certificate, cpdProviderNumber(await effectiveSettings(app.db, app.config)));
  };

  const hasher = new LoginCodeHasher(app.config.sessionSecret);
  // Code requests: per email and address, per email and network, and a per-email ceiling above what
  // one network may ask (lib/login-throttle.ts). Code tries: counted per code, by the code itself
  // (5 wrong tries void it; a new code starts afresh), so tries without the code cannot lock the
  // owner out. Each address is also limited by @fastify/rate-limit. With REDIS_URL the counts are
  // shared by every process.
  const codeRequests = new CodeRequestThrottle(app.attempts);

  app.post(
    '/student/login/code',
    {
      schema: {
        summary: 'Student sign-in, step 1: email a 6-digit code (STUDENT_LOGIN=code)',
        body: loginCodeRequestBody,
        response: { 202: loginCodeSentResponse, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      if (app.config.studentLogin !== 'code') throw new DomainError('not_found', messages.common.notFound);
      if (!(await codeRequests.reserve(request.body.email, request.ip)))
        throw new DomainError('rate_limited', messages.student.tooManyCodeRequests);
      await requestLoginCode(app.db, hasher, request.body.email);
      return reply.code(202).send({ detail: messages.student.codeSentDetail });
    },
  );

  app.post(
    '/student/login/verify',
    {
      schema: {
        summary: 'Student sign-in, step 2: the emailed code for the student area record and a student token',
        body: loginCodeVerifyBody,
        response: { 200: studentLoginResponse, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request) => {
      if (app.config.studentLogin !== 'code') throw new DomainError('not_found', messages.common.notFound);
      const { account, token } = await verifyLoginCode(
        app.db,
        {
          tokens: app.tokens,
          hasher,
          courseAccessUrls: (await effectiveSettings(app.db, app.config)).courseAccessUrls,
        },
        request.body.email,
        request.body.code,
      );
      return { ...toStudentAreaRecord(account), token };
    },
  );

  app.post(
    '/student/logout',
    {
      schema: {
        summary: 'Student logout: revokes the token',
        // A student's own token only: an admin signs out at /api/admin/logout.
        security: [{ studentToken: [] }],
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      if (request.auth?.role !== 'student') throw new DomainError('unauthenticated', messages.common.notSignedIn);
      await logOutStudent(app.db, request.auth);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/student/login/:email',
    {
      schema: {
        summary: 'Student login by email (STUDENT_LOGIN=email only): the student area record and a student token',
        params: emailParams,
        response: { 200: studentLoginResponse, 403: errorSchema, 404: errorSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      // With sign-in codes, knowing an email is not enough for a token.
      if (app.config.studentLogin !== 'email') throw new DomainError('forbidden', messages.student.codeLoginRequired);
      const { account, token } = await logInStudent(
        app.db,
        app.tokens,
        await effectiveSettings(app.db, app.config),
        request.params.email,
      );
      return { ...toStudentAreaRecord(account), token };
    },
  );

  app.get(
    '/student/:id',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's record for the student area",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentAreaRecordSchema, ...errors },
      },
    },
    async (request) => {
      const student = await getStudent(app.db, request.params.id);
      return toStudentAreaRecord(await getStudentAccount(app.db, student, await effectiveSettings(app.db, app.config)));
    },
  );

  app.get(
    '/students/:email/id-status',
    {
      schema: {
        summary: "The student's ID verification status",
        security: studentSecurity,
        params: emailParams,
        response: { 200: idStatusSchema, ...errors },
      },
    },
    async (request) => {
      const student = await studentByEmail(app, request, request.params.email);
      return toIdStatus(await findIdVerification(app.db, student.id));
    },
  );

  app.post(
    '/students/:email/set-id-required',
    {
      schema: {
        summary: 'Start ID verification: the student must upload an ID (harmless when already started)',
        security: studentSecurity,
        params: emailParams,
        response: { 200: idStatusSchema, ...errors },
      },
    },
    async (request) => {
      const student = await studentByEmail(app, request, request.params.email);
      return toIdStatus(await setIdRequired(app.db, student.id));
    },
  );

  app.post(
    '/students/:email/upload-id',
    {
      schema: {
        summary: 'Upload an ID document (multipart/form-data, one file in the field "file", at most 10 MB)',
        security: studentSecurity,
        params: emailParams,
        fileUpload: { field: 'file', contentTypes: ID_UPLOAD_TYPES, description: 'A photo or scan of the ID' },
        response: { 200: idStatusSchema, ...errors, 413: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { ...ID_UPLOADS_PER_STUDENT, keyGenerator: idUploadKey } },
    },
    async (request) => {
      const student = await studentByEmail(app, request, request.params.email);
      if (!request.isMultipart()) throw new DomainError('invalid', messages.student.idFileMissing);
      // A multipart body that is cut off or malformed fails here: the client's problem, not a server error.
      const part = await request.file().catch(() => {
        throw new DomainError('invalid', messages.student.idUploadInterrupted);
      });
      if (!part) throw new DomainError('invalid', messages.student.idFileMissing);
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new DomainError('invalid', messages.student.idFileMissing);
      }
      try {
        const row = await uploadIdDocument(
          app.db,
          app.privateDataKeys,
          student.id,
          {
            stream: part.file,
            truncated: () => part.file.truncated,
          },
          { adminNotifyEmail: app.config.mail.adminNotifyEmail },
        );
        return toIdStatus(row);
      } catch (error) {
        // The client went away mid-upload (nothing was kept): not a server failure.
        const aborted = request.raw.readableAborted || request.raw.destroyed;
        if (!(error instanceof DomainError) && aborted)
          throw new DomainError('invalid', messages.student.idUploadInterrupted);
        throw error;
      }
    },
  );

  app.get(
    '/student/:id/progress',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Course progress: the stages completed',
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentProgressSchema, ...errors },
      },
    },
    async (request) => toStudentProgress(await getProgressById(app.db, request.params.id)),
  );

  app.post(
    '/student/:id/progress',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Mark a stage completed (or not)',
        security: studentSecurity,
        params: studentIdParams,
        body: progressUpdateBody,
        response: { 200: studentProgressSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertSameStudent(id, request.body.student_id);
      const progress = await updateStageProgress(app.db, id, {
        stageNumber: request.body.stage_number,
        completed: request.body.completed,
      });
      return toStudentProgress(progress);
    },
  );

  app.get(
    '/student/:id/certificate',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's certificate, or whether one can be requested yet",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentCertificateResponse, ...errors },
      },
    },
    async (request) => certificateOf(request.params.id),
  );

  app.post(
    '/student/:id/request-certificate',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Request the certificate once every stage is complete',
        security: studentSecurity,
        params: studentIdParams,
        body: certificateRequestBody,
        response: { 201: studentCertificateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      assertSameStudent(id, request.body?.student_id);
      await requestCertificate(app.db, id, { courseType: request.body?.course_type });
      return reply.code(201).send(await certificateOf(id));
    },
  );

  await app.register(studentPrivacyRoutes);
};

export default studentRoutes;
