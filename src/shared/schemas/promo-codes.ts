/** Promo codes (docs/product/payments.md): the admin's Promo Codes tab and the wizard's order summary. */
import { z } from 'zod';
import { PAYMENT_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { PROMO_TARGETS } from '@shared/promo';
import { text } from './text';

const m = messages.promo;

/** Typed in any case, kept in capitals. */
export const promoCodeText = text({ error: m.codeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, m.codeInvalid)
  .transform((code) => code.toUpperCase());

/** POST /api/admin/promo-codes (owners). Exactly one of percent_off and amount_off_pence. */
export const createPromoCodeBody = z
  .strictObject({
    code: promoCodeText,
    percent_off: z
      .number({ error: m.discountInvalid })
      .int(m.discountInvalid)
      .min(1, m.discountInvalid)
      .max(100, m.discountInvalid)
      .nullish(),
    amount_off_pence: z
      .number({ error: m.discountInvalid })
      .int(m.discountInvalid)
      .min(1, m.discountInvalid)
      .max(1_000_000, m.discountInvalid)
      .nullish(),
    applies_to: z.enum(PROMO_TARGETS, { error: m.appliesToInvalid }),
    expires_at: z.iso.datetime({ offset: true, error: m.expiryInvalid }).nullish(),
    max_redemptions: z
      .number({ error: m.maxRedemptionsInvalid })
      .int(m.maxRedemptionsInvalid)
      .min(1, m.maxRedemptionsInvalid)
      .max(100_000, m.maxRedemptionsInvalid)
      .nullish(),
  })
  .refine((body) => (body.percent_off == null) !== (body.amount_off_pence == null), { message: m.discountInvalid });
export type CreatePromoCodeBody = z.input<typeof createPromoCodeBody>;

export const promoCodeParams = z.object({ code: promoCodeText });
export const promoCodeActiveBody = z.strictObject({ active: z.boolean({ error: m.discountInvalid }) });

export const promoCodeSchema = z.object({
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off_pence: z.number().nullable(),
  applies_to: z.enum(PROMO_TARGETS),
  expires_at: z.string().nullable(),
  max_redemptions: z.number().nullable(),
  /** Completed payments and those in flight that used it. */
  redemptions: z.number(),
  active: z.boolean(),
  created_at: z.string(),
});
export type PromoCodeItem = z.infer<typeof promoCodeSchema>;
export const promoCodeListResponse = z.object({ promo_codes: z.array(promoCodeSchema) });

/** POST /api/students/{id}/promo: a code to apply (null or empty removes it), for the payment about to be made. */
export const applyPromoBody = z.strictObject({
  code: z.preprocess((value) => (value === '' ? null : value), promoCodeText.nullable()),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
});

/** What the payment costs with the student's code (no code: discount 0). */
export const promoQuoteResponse = z.object({
  code: z.string().nullable(),
  fee_pence: z.number(),
  course_pence: z.number(),
  discount_pence: z.number(),
  total_pence: z.number(),
});
export type PromoQuote = z.infer<typeof promoQuoteResponse>;
