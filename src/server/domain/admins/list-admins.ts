import { asc, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { adminTotp, admins } from '@server/db/schema';

export interface AdminSummary {
  username: string;
  role: AdminRole;
  totpEnabled: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** Every admin (a school has a handful), owners first, then by username. */
export async function listAdmins(db: Db): Promise<AdminSummary[]> {
  return summaries(db).orderBy(asc(admins.role), asc(sql`lower(${admins.username})`));
}

/** One admin as the list shows them (after a change); null when there is none. */
export async function findAdminSummary(db: Db, adminId: string): Promise<AdminSummary | null> {
  const [admin] = await summaries(db).where(eq(admins.id, adminId));
  return admin ?? null;
}

function summaries(db: Db) {
  return db
    .select({
      username: admins.username,
      role: admins.role,
      totpEnabled: sql<boolean>`exists (select 1 from ${adminTotp} where ${adminTotp.adminId} = ${admins.id} and ${adminTotp.enabledAt} is not null)`,
      lastLoginAt: admins.lastLoginAt,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .$dynamic();
}
