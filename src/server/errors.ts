/**
 * What went wrong, in the domain's words. The error handler (plugins/error-handler.ts) alone turns a
 * kind into an HTTP status; nothing here knows HTTP, so every layer may throw it.
 */
export type DomainErrorKind =
  /** The input breaks a rule (a field, a state the request cannot apply to). */
  | 'invalid'
  /** Who asks is not known: no, a wrong or an expired credential. */
  | 'unauthenticated'
  /** Who asks is known but may not do this. */
  | 'forbidden'
  | 'not_found'
  /** The thing's current state refuses the change (already done, in progress, taken). */
  | 'conflict'
  | 'too_large'
  /** Too many attempts in too short a time. */
  | 'rate_limited'
  /** A provider we depend on answered with a failure. */
  | 'upstream_failed'
  /** Cannot be done now (a provider did not answer in time); trying again later may work. */
  | 'unavailable';

/** One error type for everything a person may be told. Its message is safe to show. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Flags sent beside the message for the client to act on (e.g. `totp_required`). */
    readonly flags?: Readonly<Record<string, true | number>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
