import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/schemas/common';
import {
  adminErasureRequestSchema,
  erasureRequestListQuery,
  erasureRequestListResponse,
  refuseErasureBody,
} from '@shared/schemas/privacy';
import { carryOutErasure, listErasureRequests, refuseErasure } from '@server/domain/privacy/erasure-requests';
import { requireAdmin } from '@server/plugins/auth';
import { toAdminErasureRequest } from '../privacy-wire';
import { pageFields, pageRequest } from '../wire';

const requestParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Erasure requests (docs/product/admin.md): listed, carried out or refused by an owner. */
const erasureRequestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/erasure-requests',
    {
      schema: {
        summary: 'Erasure requests: open ones by default (status=all for every one)',
        querystring: erasureRequestListQuery,
        response: { 200: erasureRequestListResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listErasureRequests(app.db, request.query.status, pageRequest(request.query));
      return { requests: rows.map(toAdminErasureRequest), ...pageFields(total, request.query) };
    },
  );

  app.post(
    '/erasure-requests/:id/carry-out',
    {
      schema: {
        summary: "Erase the student's account and personal data (payment rows stay, detached); the student is emailed",
        params: requestParams,
        response: { 200: adminErasureRequestSchema, ...errors },
      },
    },
    async (request) =>
      toAdminErasureRequest({
        ...(await carryOutErasure(app.db, requireAdmin(request), request.params.id, app.clock())),
        student: null,
      }),
  );

  app.post(
    '/erasure-requests/:id/refuse',
    {
      schema: {
        summary: 'Refuse an erasure request with a reason the student is emailed',
        params: requestParams,
        body: refuseErasureBody,
        response: { 200: adminErasureRequestSchema, ...errors },
      },
    },
    async (request) => {
      const refused = await refuseErasure(
        app.db,
        requireAdmin(request),
        request.params.id,
        request.body.reason,
        app.clock(),
      );
      return toAdminErasureRequest({ ...refused, student: null });
    },
  );
};

export default erasureRequestAdminRoutes;
