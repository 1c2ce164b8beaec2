/**
 * The terms of sale in force: one source of truth for the terms page (which shows the version and
 * date) and for checkout, where the server records the version each card payment was agreed under.
 * Change the version whenever the terms' wording changes.
 */
export const TERMS_OF_SALE = {
  version: '2',
  /** ISO date from which this version applies. */
  effectiveDate: '2026-11-28',
} as const;

export const TERMS_VERSION = TERMS_OF_SALE.version;
