import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_UPLOAD_TYPES } from '@shared/id-documents';
import { messages } from '@shared/messages';
import { errorSchema, uuidSchema } from '@shared/schemas/common';
import {
  decidedIdVerificationsSchema,
  idReviewBody,
  idStatusSchema,
  pendingIdVerificationSchema,
} from '@shared/schemas/id-verification';
import { listDecidedIdVerifications } from '@server/domain/id-verification/list-decided-id-verifications';
import { listPendingIdVerifications } from '@server/domain/id-verification/list-pending-id-verifications';
import { readIdDocument } from '@server/domain/id-verification/read-id-document';
import { reviewIdDocument } from '@server/domain/id-verification/review-id-document';
import { DomainError } from '@server/errors';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { requireAdmin } from '@server/plugins/auth';
import { toIdStatus } from '../wire';
import { toDecidedIdVerification, toPendingIdVerification } from './wire';

/** How many recent decisions the admin view lists. */
const DECIDED_LIMIT = 50;

const studentParams = z.object({ student_id: uuidSchema });

/** The document's bytes as uploaded (binary, so the JSON response schemas do not apply). */
function sendDocument(reply: FastifyReply, document: Awaited<ReturnType<typeof readIdDocument>>) {
  return reply
    .header('Content-Type', document.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename="${document.fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('Content-Length', document.bytes.length)
    .send(document.bytes);
}

/** Admin id-verifications routes; registered inside the guarded admin scope (an admin token is already checked). */
const idVerificationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id-verifications',
    { schema: { summary: 'ID documents waiting for review', response: { 200: z.array(pendingIdVerificationSchema) } } },
    async () => (await listPendingIdVerifications(app.db)).map(toPendingIdVerification),
  );

  app.get(
    '/id-verifications/decided',
    {
      schema: {
        summary: 'The most recent ID decisions (an image is deleted ID_DOCUMENT_RETENTION_DAYS after its decision)',
        response: { 200: decidedIdVerificationsSchema },
      },
    },
    async () => ({
      retention_days: app.config.idDocuments.retentionDays,
      items: (await listDecidedIdVerifications(app.db, DECIDED_LIMIT)).map(toDecidedIdVerification),
    }),
  );

  app.post(
    '/id-verification/:student_id/review',
    {
      schema: {
        summary: "Approve or reject a student's ID document",
        params: studentParams,
        body: idReviewBody,
        response: { 200: idStatusSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { student_id: studentId } = request.params;
      const body = request.body;
      if (body.student_id && body.student_id !== studentId)
        throw new DomainError('invalid', messages.student.studentIdMismatch);
      const row = await reviewIdDocument(
        app.db,
        requireAdmin(request),
        studentId,
        {
          decision: body.status,
          rejectionReason: body.rejection_reason,
        },
        await effectiveSettings(app.db, app.config),
        app.clock(),
      );
      return toIdStatus(row);
    },
  );

  app.get(
    '/id-verifications/:student_id/document',
    {
      schema: {
        summary: "A student's uploaded ID document, as uploaded",
        params: studentParams,
        response: { 404: errorSchema },
        fileResponse: { status: 200, contentTypes: ID_UPLOAD_TYPES, description: 'The ID document' },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await readIdDocument(app.db, app.privateDataKeys, request.params.student_id)),
  );
};

export default idVerificationAdminRoutes;
