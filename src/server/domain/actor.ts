/**
 * Who is acting: an admin (who may act on any student) or a student (on themselves). The HTTP layer
 * reads it from the bearer token (plugins/auth.ts); domain code receives it as a plain value and never
 * imports plugins/ or routes/.
 */

import type { AdminRole } from '@shared/statuses';

export interface AdminActor {
  role: 'admin';
  adminId: string;
  username: string;
  /** Read from the database on every request (plugins/auth.ts), so a role change applies at once. */
  adminRole: AdminRole;
  /** Whether two-factor sign-in is on, read with the role (ADMIN_REQUIRE_TOTP, GET /api/admin/me). */
  totpEnabled: boolean;
  /** An invited admin who has not yet replaced the generated password: refused almost everywhere (plugins/auth.ts). */
  passwordChangeRequired?: boolean;
  /** The token's id, so logout can revoke exactly that token. */
  jti: string;
  /** When the token was issued: a password change refuses the tokens issued before it. */
  issuedAt: Date;
  expiresAt: Date;
}

export interface StudentActor {
  role: 'student';
  studentId: string;
  /** The token's id, so logout can revoke exactly that token. */
  jti: string;
  expiresAt: Date;
}

export type Actor = AdminActor | StudentActor;
