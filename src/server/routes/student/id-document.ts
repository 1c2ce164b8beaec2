/**
 * ID verification: the status, starting it, and the upload. Addressed by email under `/students/`,
 * unlike the rest of the student area (`/student/:id`); the URLs are the API's contract, so they stay.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ID_UPLOAD_TYPES } from '@shared/id-documents';
import { messages } from '@shared/messages';
import { emailParams, errorSchema } from '@shared/schemas/common';
import { idStatusSchema, type IdStatusResponse } from '@shared/schemas/id-verification';
import { findIdVerification } from '@server/domain/id-verification/find-id-verification';
import { setIdRequired } from '@server/domain/id-verification/set-id-required';
import { uploadIdDocument } from '@server/domain/id-verification/upload-id-document';
import { DomainError } from '@server/errors';
import { studentSecurity } from '@server/plugins/api-docs';
import { toIdStatus } from '../wire';
import { errors, studentByEmail } from './access';

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

/** Stores the one file of the request's multipart body as the student's ID document. */
async function receiveIdDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  studentId: string,
): Promise<IdStatusResponse> {
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
      studentId,
      {
        stream: part.file,
        truncated: () => part.file.truncated,
      },
      { adminNotifyEmail: app.config.mail.adminNotifyEmail },
      app.clock,
    );
    return toIdStatus(row);
  } catch (error) {
    // The client went away mid-upload (nothing was kept): not a server failure.
    const aborted = request.raw.readableAborted || request.raw.destroyed;
    if (!(error instanceof DomainError) && aborted)
      throw new DomainError('invalid', messages.student.idUploadInterrupted);
    throw error;
  }
}

const idDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return receiveIdDocument(app, request, student.id);
    },
  );
};

export default idDocumentRoutes;
