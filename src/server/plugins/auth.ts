/**
 * Reads the bearer token of every /api request into `request.auth` (null when absent or invalid).
 * Here, and only here, a token is checked against the database: an admin token's admin must still
 * exist, and neither an admin nor a student token may have been revoked at logout. So `request.auth`
 * is never a revoked token, on every route, and no handler has a check of its own to forget
 * (test/foundation/revocation-walk.test.ts walks every route with revoked tokens).
 * Routes then call `requireAdmin` or `requireStudentAccess`: permissions are checked on the server.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { adminTokenRevocations, adminTotp, admins, studentTokenRevocations } from '../db/schema';
import { DomainError } from '../errors';
import { messages } from '@shared/messages';
import { adminSecurity, documentAdminRole, documentSecurity } from './api-docs';
import type { Db } from '../db/client';
import type { TokenClaims } from '@server/auth/tokens';
import type { Actor, AdminActor } from '@server/domain/actor';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Actor | null;
  }
}

/** Statements prepared once per database (and once per pooled connection by the driver). */
const revocationQueries = new WeakMap<Db, ReturnType<typeof prepareRevocationQuery>>();
function prepareRevocationQuery(db: Db) {
  return db
    .select({ jti: studentTokenRevocations.jti })
    .from(studentTokenRevocations)
    .where(eq(studentTokenRevocations.jti, sql.placeholder('jti')))
    .limit(1)
    .prepare('student_token_revoked');
}
function revocationQuery(db: Db) {
  let query = revocationQueries.get(db);
  if (!query) revocationQueries.set(db, (query = prepareRevocationQuery(db)));
  return query;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Sets `request.auth` from verified claims once the database confirms them (admin exists, token not revoked). */
async function authenticate(app: FastifyInstance, request: FastifyRequest, claims: TokenClaims): Promise<void> {
  if (claims.role === 'admin') {
    // The admin must still exist, the token must not have been revoked at logout, nor issued before
    // the admin's last password change (JWT times are whole seconds: a token of that second passes).
    const rows = await app.db
      .select({
        role: admins.role,
        passwordChangedAt: admins.passwordChangedAt,
        mustChangePassword: admins.mustChangePassword,
        totpEnabled: sql<boolean>`exists (select 1 from ${adminTotp} where ${adminTotp.adminId} = ${admins.id} and ${adminTotp.enabledAt} is not null)`,
      })
      .from(admins)
      .where(
        and(
          eq(admins.id, claims.adminId),
          notExists(
            app.db
              .select({ one: sql`1` })
              .from(adminTokenRevocations)
              .where(eq(adminTokenRevocations.jti, claims.jti)),
          ),
        ),
      )
      .limit(1);
    const admin = rows[0];
    const changedAt = admin?.passwordChangedAt;
    if (changedAt && claims.issuedAt.getTime() < Math.floor(changedAt.getTime() / 1000) * 1000) return;
    if (admin)
      request.auth = {
        ...claims,
        adminRole: admin.role,
        totpEnabled: admin.totpEnabled,
        passwordChangeRequired: admin.mustChangePassword,
      };
    return;
  }
  // A student token must not have been revoked at logout.
  const revoked = await revocationQuery(app.db).execute({ jti: claims.jti });
  if (revoked.length === 0) request.auth = claims;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: a request without a token (every page and public call) passes
  // without a promise or a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = bearerToken(request);
    if (!token) return done();
    const now = app.clock();
    const known = app.tokens.verifyKnown(token, now);
    if (known === null) return done();
    const verified = known ? Promise.resolve(known) : app.tokens.verify(token, now);
    verified.then((claims) => (claims ? authenticate(app, request, claims) : undefined)).then(() => done(), done);
  });
});

/** 401 unless the request carries a valid, unrevoked admin token. */
export function requireAdmin(request: FastifyRequest): AdminActor {
  if (request.auth?.role !== 'admin') throw new DomainError('unauthenticated', messages.common.notSignedIn);
  return request.auth;
}

/**
 * An invited admin's token, until the generated password is replaced: 403 `{detail,
 * password_change_required: true}` everywhere but `me`, `me/password` and logout.
 */
export function checkPasswordReplaced(admin: AdminActor): AdminActor {
  if (admin.passwordChangeRequired) {
    throw new DomainError('forbidden', messages.adminSecurity.passwordChangeRequired, {
      password_change_required: true,
    });
  }
  return admin;
}

/**
 * The one rule for an admin token on any route beyond the admin's own session and sign-in settings:
 * the generated password replaced (checkPasswordReplaced), then with ADMIN_REQUIRE_TOTP=1, 403
 * `{detail, totp_setup_required: true}` until two-factor sign-in is on. The admin scope applies it as
 * a hook (guardTotpScope); routes outside it that accept an admin token (the student area) through
 * `requireSignedIn` / `requireStudentAccess`.
 */
export function checkAdminTokenRules(request: FastifyRequest, admin: AdminActor): AdminActor {
  checkPasswordReplaced(admin);
  if (request.server.config.adminRequireTotp && !admin.totpEnabled) {
    throw new DomainError('forbidden', messages.adminSecurity.totpSetupRequired, { totp_setup_required: true });
  }
  return admin;
}

/** 401 without a token; an admin token under the admin token rules (checkAdminTokenRules). */
export function requireSignedIn(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (!auth) throw new DomainError('unauthenticated', messages.common.notSignedIn);
  return auth.role === 'admin' ? checkAdminTokenRules(request, auth) : auth;
}

/** 401 without a token; 403 for a student token of another student. Admins may read any student. */
export function requireStudentAccess(request: FastifyRequest, studentId: string): Actor {
  const auth = requireSignedIn(request);
  if (auth.role === 'admin') return auth;
  if (auth.studentId !== studentId) throw new DomainError('forbidden', messages.common.forbidden);
  return auth;
}

async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/**
 * Every route registered in this scope (e.g. every /api/admin route but login) answers 401 without
 * a valid admin token before anything else runs, and is documented as needing one.
 */
export function guardAdminScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', adminOnly);
  documentSecurity(scope, adminSecurity);
  documentAdminRole(scope, 'staff');
}

async function ownerOnly(request: FastifyRequest): Promise<void> {
  if (requireAdmin(request).adminRole !== 'owner') throw new DomainError('forbidden', messages.admin.ownersOnly);
}

/**
 * Every route registered in this scope answers 401 without an admin token and 403 `{detail}` to a
 * staff admin, before anything else runs; OpenAPI states it (docs/product/admin.md lists who may do what).
 */
export function guardOwnerScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', ownerOnly);
  documentSecurity(scope, adminSecurity);
  documentAdminRole(scope, 'owner');
}

async function totpSetUp(request: FastifyRequest): Promise<void> {
  checkAdminTokenRules(request, requireAdmin(request));
}

/**
 * With ADMIN_REQUIRE_TOTP=1, every route registered in this scope answers 403
 * `{detail, totp_setup_required: true}` to an admin without two-factor sign-in, before the handler
 * (and before the owner check of a nested scope). Sign-in, `me`, logout and the TOTP set-up stay outside it.
 */
export function guardTotpScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', totpSetUp);
}
