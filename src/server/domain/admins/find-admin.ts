import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { admins, type Admin } from '@server/db/schema';

/** Usernames are unique whatever their letter case (admins_username_lower_key). */
export async function findAdminByUsername(db: Db, username: string): Promise<Admin | null> {
  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()))
    .limit(1);
  return admin ?? null;
}
