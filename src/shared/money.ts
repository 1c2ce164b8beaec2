/**
 * Money: integer pence everywhere (database, catalogue, rules); pounds only on the wire
 * (docs/product/payments.md). One formatter, named for the unit it takes.
 */

/** An amount in integer pence. */
export type Pence = number;

export const CURRENCY = 'GBP' as const;

/** 8499 → 84.99, for API responses. */
export const penceToPounds = (pence: Pence): number => Math.round(pence) / 100;

/** 84.99 → 8499, for amounts received in pounds. */
export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100);

/** 8499 → "£84.99" */
export function formatPence(pence: Pence): string {
  return `£${(pence / 100).toFixed(2)}`;
}
