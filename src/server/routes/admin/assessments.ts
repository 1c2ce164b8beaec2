import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSESSMENT_FILE_TYPES } from '@shared/assessments';
import { assessmentListQuery, assessmentListResponse, assessmentReviewBody } from '@shared/schemas/assessments';
import { errorSchema } from '@shared/schemas/common';
import { listAssessments } from '@server/domain/assessments/list-assessments';
import { readAssessmentFile } from '@server/domain/assessments/read-assessment-file';
import { reviewAssessment } from '@server/domain/assessments/review-assessment';
import { requireAdmin } from '@server/plugins/auth';
import { toAdminAssessment } from '../assessment-wire';
import { pageFields, pageRequest } from '../wire';

/** The file's bytes, to be saved rather than shown (binary, so the JSON response schemas do not apply). */
function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof readAssessmentFile>>) {
  return reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('Content-Length', file.bytes.length)
    .send(file.bytes);
}

const submissionParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Final assessments (docs/product/admin.md): listed, downloaded and reviewed by owners and staff. */
const assessmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assessments',
    {
      schema: {
        summary: 'Final pieces with one status (pending by default: oldest first)',
        querystring: assessmentListQuery,
        response: { 200: assessmentListResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listAssessments(app.db, request.query.status, pageRequest(request.query));
      return { assessments: rows.map(toAdminAssessment), ...pageFields(total, request.query) };
    },
  );

  app.get(
    '/assessments/:id/file',
    {
      schema: {
        summary: 'A submitted file, decrypted, as an attachment',
        params: submissionParams,
        response: { 404: errorSchema },
        fileResponse: { status: 200, contentTypes: ASSESSMENT_FILE_TYPES, description: 'The final piece' },
      },
    },
    async (request, reply) => sendFile(reply, await readAssessmentFile(app.db, app.privateDataKeys, request.params.id)),
  );

  app.post(
    '/assessments/:id/review',
    {
      schema: {
        summary: 'Pass a waiting final piece, or ask for it again with feedback; the student is emailed',
        params: submissionParams,
        body: assessmentReviewBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await reviewAssessment(app.db, requireAdmin(request), request.params.id, request.body, app.clock());
      return reply.code(204).send(null);
    },
  );
};

export default assessmentAdminRoutes;
