/**
 * Who is acting: an admin (who may act on any student) or a student (on themselves). The HTTP layer
 * reads it from the bearer token (plugins/auth.ts); domain code receives it as a plain value and never
 * imports plugins/ or routes/.
 */

export interface AdminActor {
  role: 'admin';
  adminId: string;
  username: string;
  /** The token's id, so logout can revoke exactly that token. */
  jti: string;
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
