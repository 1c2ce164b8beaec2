import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchPageQuery, referralListResponse } from '@shared/schemas/admin';
import { errorSchema } from '@shared/schemas/common';
import { listReferralCodes } from '@server/domain/students/list-referral-codes';
import { pageFields, pageRequest } from '../wire';
import { toReferralRow } from './wire';

/** GET /api/admin/referral-codes: the Referral Codes tab. */
const referralAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referral-codes',
    {
      schema: {
        summary: "Every student's referral code and payment state",
        querystring: searchPageQuery,
        response: { 200: referralListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listReferralCodes(app.db, request.query.search, pageRequest(request.query));
      return { referrals: rows.map(toReferralRow), ...pageFields(total, request.query) };
    },
  );
};

export default referralAdminRoutes;
