import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/schemas/common';
import {
  createPromoCodeBody,
  promoCodeActiveBody,
  promoCodeListResponse,
  promoCodeParams,
  promoCodeSchema,
} from '@shared/schemas/promo-codes';
import {
  createPromoCode,
  listPromoCodes,
  setPromoCodeActive,
  type PromoCode,
} from '@server/domain/promo-codes/promo-codes';
import { requireAdmin } from '@server/plugins/auth';

const toPromoCode = (promo: PromoCode) => ({
  code: promo.code,
  percent_off: promo.percentOff,
  amount_off_pence: promo.amountOffPence,
  applies_to: promo.appliesTo,
  expires_at: promo.expiresAt?.toISOString() ?? null,
  max_redemptions: promo.maxRedemptions,
  redemptions: promo.redemptions,
  active: promo.active,
  created_at: promo.createdAt.toISOString(),
});

/** The Promo Codes tab's list (owners and staff: registered in the admins' scope). */
export const promoCodeListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promo-codes',
    {
      schema: {
        summary: 'Every promo code, oldest first, with how many times it has been used',
        response: { 200: promoCodeListResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ promo_codes: (await listPromoCodes(app.db)).map(toPromoCode) }),
  );
};

/** Creating and stopping codes (registered in the owners' scope; docs/product/payments.md). */
const promoCodeOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/promo-codes',
    {
      schema: {
        summary:
          'Create a promo code: a percentage or an amount off the fee, the course or both, with an optional expiry and maximum number of uses; audited',
        body: createPromoCodeBody,
        response: { 201: promoCodeSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const promo = await createPromoCode(
        app.db,
        requireAdmin(request),
        {
          code: body.code,
          percentOff: body.percent_off ?? null,
          amountOffPence: body.amount_off_pence ?? null,
          appliesTo: body.applies_to,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
          maxRedemptions: body.max_redemptions ?? null,
        },
        app.clock(),
      );
      return reply.code(201).send(toPromoCode(promo));
    },
  );

  app.patch(
    '/promo-codes/:code',
    {
      schema: {
        summary: 'Stop a promo code (no new use) or offer it again; audited',
        params: promoCodeParams,
        body: promoCodeActiveBody,
        response: { 200: promoCodeSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      toPromoCode(await setPromoCodeActive(app.db, requireAdmin(request), request.params.code, request.body.active)),
  );
};

export default promoCodeOwnerRoutes;
