import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  messageIdParams,
  messageListResponse,
  messageReplyBody,
  messageReplyResponse,
  paginationQuery,
} from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listContactMessages } from '@server/domain/support/list-contact-messages';
import { markContactMessageRead } from '@server/domain/support/mark-contact-message-read';
import { replyToContactMessage } from '@server/domain/support/reply-to-contact-message';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest } from '../wire';
import { toContactMessage, toContactReply } from './wire';

/** The Messages view: support contact form messages and the admins' replies (owner and staff). */
const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        summary: 'Contact form messages with their replies, and the unread count',
        querystring: paginationQuery,
        response: { 200: messageListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total, unread } = await listContactMessages(app.db, pageRequest(request.query));
      const items = rows.map((row) => ({ ...toContactMessage(row), replies: row.replies.map(toContactReply) }));
      return { messages: items, unread, ...pageFields(total, request.query) };
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

  app.post(
    '/messages/:id/reply',
    {
      schema: {
        summary: 'Answer a contact form message: the reply is e-mailed to the sender and kept under the message',
        params: messageIdParams,
        body: messageReplyBody,
        response: { 201: messageReplyResponse, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await replyToContactMessage(
        app.db,
        requireAdmin(request),
        request.params.id,
        request.body.body,
        app.clock(),
      );
      return reply.code(201).send({ reply: toContactReply(saved) });
    },
  );
};

export default messageAdminRoutes;
