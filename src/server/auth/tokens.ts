/**
 * Bearer tokens (docs/product/api-contracts.md): HS256 JWTs signed with SESSION_SECRET.
 * Students get a token at registration and email login; admins at password login. Admin tokens
 * carry a `jti` so logout can revoke them before they expire.
 */
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** What a verified token says, before the database adds what may have changed since (an admin's role). */
export type TokenClaims =
  | {
      role: 'admin';
      adminId: string;
      username: string;
      /** The token's id, so logout can revoke exactly that token. */
      jti: string;
      /** When the token was issued: a password change refuses the tokens issued before it. */
      issuedAt: Date;
      expiresAt: Date;
    }
  | { role: 'student'; studentId: string; jti: string; expiresAt: Date };

export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** The default of STUDENT_TOKEN_TTL (seven days). */
const STUDENT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** How many verified tokens are remembered (about 300 bytes each); the map starts again when full. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /** A KeyObject, not bytes: jose then skips importing the key on every sign and verify. */
  private readonly key: KeyObject;
  /**
   * Tokens whose signature has been checked, with their claims: a student's dashboard sends the
   * same token with every call, and checking the signature and claims again each time was the largest
   * item of the request's own work (docs/perf/history.md). Expiry is still checked on every use.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    secret: string,
    private readonly studentTtlSeconds = STUDENT_TOKEN_TTL_SECONDS,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** A student token (STUDENT_TOKEN_TTL) issued at `now` (the app's clock), with a `jti` so logout can revoke it. */
  studentToken(studentId: string, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(studentId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.studentTtlSeconds)
      .sign(this.key);
  }

  /** An admin token issued at `now` (the app's clock): a password change refuses the tokens issued before it. */
  adminToken(adminId: string, username: string, now: Date, ttlSeconds = ADMIN_TOKEN_TTL_SECONDS): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: 'admin', username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null for anything forged, expired at `now` (the app's clock) or malformed. */
  async verify(token: string, now: Date): Promise<TokenClaims | null> {
    const known = this.verifyKnown(token, now);
    if (known !== undefined) return known;
    const claims = await this.check(token, now);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
      return { ...claims };
    }
    return null;
  }

  /**
   * Without waiting, for a token already verified: its claims, or null once it has expired;
   * undefined for a token not seen yet (then `verify`).
   */
  verifyKnown(token: string, now: Date): TokenClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.expiresAt.getTime() > now.getTime()) return { ...known };
    this.verified.delete(token);
    return null;
  }

  private async check(token: string, now: Date): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sub !== 'string') return null;
      if (payload.role === 'student' && typeof payload.jti === 'string') {
        return {
          role: 'student',
          studentId: payload.sub,
          jti: payload.jti,
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
      }
      if (payload.role === 'admin' && typeof payload.jti === 'string' && typeof payload.username === 'string') {
        return {
          role: 'admin',
          adminId: payload.sub,
          username: payload.username,
          jti: payload.jti,
          issuedAt: new Date((payload.iat ?? 0) * 1000),
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
      }
      return null;
    } catch {
      return null;
    }
  }
}
