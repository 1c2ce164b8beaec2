/**
 * Counts failed logins per key (the lower-cased username) in a sliding window. After `limit`
 * failures the key is refused until the oldest failure leaves the window. In memory: one server
 * process; see docs/decisions/003-auth-tokens.md.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    const oldest = list[0];
    if (list.length < this.limit || oldest === undefined) return 0;
    return Math.ceil((oldest + this.windowMs - now) / 1000);
  }

  recordFailure(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
