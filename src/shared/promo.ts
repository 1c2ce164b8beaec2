/**
 * What a promo code takes off a payment (docs/product/payments.md): a percentage or a fixed amount,
 * off the enrolment fee, the course or both (whichever of them the payment includes). The server
 * charges with this and the wizard shows it, so both always agree.
 */
import type { Pence } from './money';

export const PROMO_TARGETS = ['fee', 'course', 'both'] as const;
export type PromoTarget = (typeof PROMO_TARGETS)[number];

/** The smallest charge a discount may leave (a payment of pennies costs more to take than it brings). */
export const MINIMUM_CHARGE_PENCE: Pence = 100;

export interface PromoTerms {
  percentOff: number | null;
  amountOffPence: number | null;
  appliesTo: PromoTarget;
}

/** The parts of a payment: the fee and the course it includes (0 when it does not include one). */
export interface PaymentParts {
  feePence: Pence;
  coursePence: Pence;
}

/** The discount on these parts: 0 when the code takes nothing off what is paid for. */
export function promoDiscount(terms: PromoTerms, parts: PaymentParts): Pence {
  const base =
    (terms.appliesTo !== 'course' ? parts.feePence : 0) + (terms.appliesTo !== 'fee' ? parts.coursePence : 0);
  if (base === 0) return 0;
  const off = terms.percentOff !== null ? Math.round((base * terms.percentOff) / 100) : (terms.amountOffPence ?? 0);
  return Math.min(base, off);
}
