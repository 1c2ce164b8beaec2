import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, messageIdParams, messageListResponse, paginationQuery } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listContactMessages, markContactMessageRead } from '@server/domain/admin/contact-messages';
import { requireAdmin } from '@server/plugins/auth';

/** The Messages view: support contact form messages. */
const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        querystring: paginationQuery,
        response: { 200: messageListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  app.post(
    '/messages/:id/read',
    {
      schema: {
        params: messageIdParams,
        response: { 200: contactMessageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => markContactMessageRead(app.db, requireAdmin(request), request.params.id),
  );
};

export default messageAdminRoutes;
