import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, messageIdParams, messageListResponse, paginationQuery } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listContactMessages } from '@server/domain/support/list-contact-messages';
import { markContactMessageRead } from '@server/domain/support/mark-contact-message-read';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest } from '../wire';
import { toContactMessage } from './wire';

/** The Messages view: support contact form messages. */
const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        summary: 'Contact form messages, with the unread count',
        querystring: paginationQuery,
        response: { 200: messageListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total, unread } = await listContactMessages(app.db, pageRequest(request.query));
      return { messages: rows.map(toContactMessage), unread, ...pageFields(total, request.query) };
    },
  );

  app.post(
    '/messages/:id/read',
    {
      schema: {
        summary: 'Mark a contact form message read',
        params: messageIdParams,
        response: { 200: contactMessageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      toContactMessage(await markContactMessageRead(app.db, requireAdmin(request), request.params.id, app.clock())),
  );
};

export default messageAdminRoutes;
