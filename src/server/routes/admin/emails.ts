import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEmailListResponse, adminEmailSchema, emailIdParams, emailListQuery } from '@shared/schemas/admin-emails';
import { errorSchema } from '@shared/schemas/common';
import { listEmails, type EmailLogEntry } from '@server/domain/email/list-emails';
import { resendEmail } from '@server/domain/email/resend-email';
import { pageFields, pageRequest } from '../wire';

const toAdminEmail = (row: EmailLogEntry) => ({
  id: row.id,
  to: row.toAddress,
  template: row.template,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  sent_at: row.sentAt?.toISOString() ?? null,
});

/** The Emails view: the delivery log of the email outbox, and "Send again" for a failed email. */
const emailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/emails',
    {
      schema: {
        summary: 'The email delivery log, newest first (never the bodies), by status and recipient',
        querystring: emailListQuery,
        response: { 200: adminEmailListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { status, search } = request.query;
      const { rows, total } = await listEmails(app.db, { status, search }, pageRequest(request.query));
      return { emails: rows.map(toAdminEmail), ...pageFields(total, request.query) };
    },
  );

  app.post(
    '/emails/:id/resend',
    {
      schema: {
        summary: 'Send a failed email again',
        params: emailIdParams,
        response: { 200: adminEmailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => toAdminEmail(await resendEmail(app.db, request.params.id, app.clock())),
  );
};

export default emailAdminRoutes;
