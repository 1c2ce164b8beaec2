/**
 * The final assessment in the student area (`/student/:id/assessment`): what the student's panel shows,
 * and the submission, a file (multipart, field "file", optional "note" before it) or a link (JSON).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSESSMENT_FILE_TYPES, ASSESSMENT_MAX_BYTES } from '@shared/assessments';
import { messages } from '@shared/messages';
import { assessmentLinkBody, assessmentNoteField, studentAssessmentSchema } from '@shared/schemas/assessments';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import { getStudentAssessment } from '@server/domain/assessments/find-assessment';
import {
  submitAssessmentFile,
  submitAssessmentLink,
  type SubmitContext,
} from '@server/domain/assessments/submit-assessment';
import { getSetting } from '@server/domain/settings/site-settings-store';
import { DomainError } from '@server/errors';
import { studentSecurity } from '@server/plugins/api-docs';
import { errors, ownStudent } from './access';
import { toStudentAssessment } from '../assessment-wire';

const m = messages.assessment;

/** Submissions allowed per student token (or admin, or address without one), as for ID uploads. */
const SUBMISSIONS_PER_STUDENT = { max: 10, timeWindow: '10 minutes' } as const;

function submissionKey(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.role === 'student') return `assessment:student:${auth.studentId}`;
  if (auth?.role === 'admin') return `assessment:admin:${auth.adminId}`;
  return `assessment:address:${request.ip}`;
}

async function required(app: FastifyInstance): Promise<boolean> {
  return (await getSetting(app.db, app.config, 'final_assessment_required')) === 'on';
}

/** The first zod issue's message as the 400 detail. */
function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success) throw new DomainError('invalid', result.error.issues[0]?.message ?? m.fileMissing);
  return result.data;
}

/** The multipart body's one file (and the note sent before it), stored as the final piece. */
async function receiveFile(app: FastifyInstance, request: FastifyRequest, studentId: string, context: SubmitContext) {
  const part = await request
    // This route's own size limit (the other uploads keep 10 MB): one byte over is how "too large" is seen.
    .file({ limits: { files: 1, fields: 10, fileSize: ASSESSMENT_MAX_BYTES + 1 } })
    .catch(() => {
      throw new DomainError('invalid', m.uploadInterrupted);
    });
  if (!part) throw new DomainError('invalid', m.fileMissing);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new DomainError('invalid', m.fileMissing);
  }
  const noteField = part.fields.note;
  const rawNote = noteField && !Array.isArray(noteField) && noteField.type === 'field' ? noteField.value : undefined;
  let note: string | undefined;
  try {
    note = rawNote === undefined ? undefined : parsed(assessmentNoteField.safeParse(rawNote));
  } catch (error) {
    part.file.resume();
    throw error;
  }
  try {
    const piece = { stream: part.file, truncated: () => part.file.truncated, fileName: part.filename, note };
    return await submitAssessmentFile(app.db, app.privateDataKeys, studentId, piece, context, app.clock);
  } catch (error) {
    // The client went away mid-upload (nothing was kept): not a server failure.
    if (!(error instanceof DomainError) && (request.raw.readableAborted || request.raw.destroyed))
      throw new DomainError('invalid', m.uploadInterrupted);
    throw error;
  }
}

const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:id/assessment',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'The final assessment: whether a piece is asked for, and the newest submission with its feedback',
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentAssessmentSchema, ...errors },
      },
    },
    async (request) => toStudentAssessment(await getStudentAssessment(app.db, request.params.id, await required(app))),
  );

  app.post(
    '/student/:id/assessment',
    {
      onRequest: ownStudent,
      schema: {
        summary:
          'Submit the final piece: multipart/form-data with one file in "file" (at most 25 MB; an optional "note" field before it), or JSON {url (https), note}',
        security: studentSecurity,
        params: studentIdParams,
        fileUpload: { field: 'file', contentTypes: ASSESSMENT_FILE_TYPES, description: 'The final piece' },
        response: { 202: studentAssessmentSchema, ...errors, 413: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { ...SUBMISSIONS_PER_STUDENT, keyGenerator: submissionKey } },
    },
    async (request, reply) => {
      const studentId = request.params.id;
      const context = { required: await required(app), adminNotifyEmail: app.config.mail.adminNotifyEmail };
      if (request.isMultipart()) await receiveFile(app, request, studentId, context);
      else {
        const link = parsed(assessmentLinkBody.safeParse(request.body ?? {}));
        await submitAssessmentLink(app.db, studentId, link, context, app.clock());
      }
      const view = await getStudentAssessment(app.db, studentId, context.required);
      return reply.code(202).send(toStudentAssessment(view));
    },
  );
};

export default assessmentRoutes;
