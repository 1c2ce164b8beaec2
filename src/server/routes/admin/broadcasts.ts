import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastBody,
  broadcastCountBody,
  broadcastCountResponse,
  broadcastCreatedResponse,
  broadcastIdParams,
  broadcastListQuery,
  broadcastListResponse,
  broadcastQueuedResponse,
  broadcastTestBody,
} from '@shared/schemas/admin-outreach';
import { errorSchema } from '@shared/schemas/common';
import { countBroadcastRecipients } from '@server/domain/broadcasts/count-broadcast-recipients';
import { createBroadcast } from '@server/domain/broadcasts/create-broadcast';
import { listBroadcasts } from '@server/domain/broadcasts/list-broadcasts';
import { sendBroadcast } from '@server/domain/broadcasts/send-broadcast';
import { sendTestBroadcast } from '@server/domain/broadcasts/send-test-broadcast';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest } from '../wire';
import { toBroadcast } from './wire';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The owner's broadcasts (docs/product/admin.md#broadcasts): count a segment, write, test, send, history. */
const broadcastAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/broadcasts/count',
    {
      schema: {
        summary: 'How many students a segment reaches now, and how many of it are skipped (unsubscribed)',
        body: broadcastCountBody,
        response: { 200: broadcastCountResponse, ...errors },
      },
    },
    async (request) => countBroadcastRecipients(app.db, request.body.segment),
  );

  app.post(
    '/broadcasts',
    {
      schema: {
        summary: 'Write a broadcast (not sent yet), with how many it would reach now',
        body: broadcastBody,
        response: { 201: broadcastCreatedResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createBroadcast(app.db, requireAdmin(request), request.body)),
  );

  app.get(
    '/broadcasts',
    {
      schema: {
        summary: 'Broadcasts, newest first, with their e-mails sent and failed so far',
        querystring: broadcastListQuery,
        response: { 200: broadcastListResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await listBroadcasts(app.db, pageRequest(request.query));
      return { broadcasts: rows.map(toBroadcast), ...pageFields(total, request.query) };
    },
  );

  app.post(
    '/broadcasts/:id/test',
    {
      schema: {
        summary: 'Send one test copy ("[Test] " before the subject) to an address',
        params: broadcastIdParams,
        body: broadcastTestBody,
        response: { 202: broadcastQueuedResponse, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await sendTestBroadcast(app.db, requireAdmin(request), id, request.body.to, app.clock());
      return reply.code(202).send({ queued: 1, skipped: 0 });
    },
  );

  app.post(
    '/broadcasts/:id/send',
    {
      schema: {
        summary: 'Send a broadcast to its segment through the e-mail outbox, once',
        params: broadcastIdParams,
        response: { 202: broadcastQueuedResponse, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendBroadcast(app.db, requireAdmin(request), request.params.id, app.clock())),
  );
};

export default broadcastAdminRoutes;
