import { z } from 'zod';
import { text } from './text';
import { PAYMENT_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { errorSchema, uuidSchema } from './common';
import { studentRecordSchema } from './student';

/** 84.99 yes; 84.994 and 84.98999 no (they must not be rounded into a price). */
function hasAtMostTwoDecimals(pounds: number): boolean {
  const pence = pounds * 100;
  return Math.abs(pence - Math.round(pence)) < 1e-6;
}

/**
 * POST /api/square/create-payment (docs/product/payments.md).
 * `amount` is what the browser showed, in pounds; the server recomputes it and refuses a difference.
 */
export const createPaymentBody = z.object({
  source_id: text().trim().min(1, 'source_id is required').max(512),
  student_id: uuidSchema,
  amount: z.number().positive().max(10_000).refine(hasAtMostTwoDecimals, messages.enrolment.amountTooPrecise),
  currency: text()
    .trim()
    .toUpperCase()
    .refine((value) => value === 'GBP', messages.enrolment.currencyNotSupported),
  payment_type: z.enum(PAYMENT_TYPES),
  description: text().trim().max(200).nullish(),
  /** One per payment attempt (crypto.randomUUID() in the browser), reused when that attempt is retried. */
  idempotency_key: text()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'idempotency_key: Invalid format'),
  /**
   * The student agreed to the terms of sale and asked for access to start at once, knowing they then
   * lose the 14-day right to cancel (Consumer Contracts Regulations 2013, reg. 36-37). Only `true` is accepted.
   */
  terms_accepted: z.literal(true, { error: messages.enrolment.termsRequired }),
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

export const createPaymentResponse = z.object({
  success: z.literal(true),
  payment_id: z.uuid(),
  status: z.literal('completed'),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  currency: z.literal('GBP'),
  student: studentRecordSchema,
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponse>;

/**
 * 409 from create-payment: a rule refused it (in flight, paid already, a promo code gone), or the
 * amount was not today's price, when `amount` is today's price in pounds and nothing was charged.
 */
export const paymentConflictSchema = errorSchema.extend({ amount: z.number().optional() });
