/**
 * An owner changes another admin (or themselves): role, two-factor reset, removal. Each change is
 * audited in its transaction. The school always keeps an owner: demoting or removing an owner first
 * locks every owner row (in id order, so two such changes never deadlock) and counts the others, so
 * two owners demoting each other at once on PostgreSQL end with one of them refused (409).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { AdminRole } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { admins, type Admin } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { endEarlierSessions } from './step-up';
import { clearTotp } from './manage-totp';

/** The admin by username (any letter case), locked for this transaction; 404 when there is none. */
async function lockAdmin(tx: Db, username: string): Promise<Admin> {
  const [admin] = await tx
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()))
    .for('update');
  if (!admin) throw new DomainError('not_found', messages.adminSecurity.adminNotFound);
  return admin;
}

/** 409 unless an owner other than `adminId` remains; the owner rows stay locked until commit. */
async function keepAnotherOwner(tx: Db, adminId: string): Promise<void> {
  const owners = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.role, 'owner'))
    .orderBy(asc(admins.id))
    .for('update');
  if (!owners.some((o) => o.id !== adminId)) throw new DomainError('conflict', messages.adminSecurity.lastOwner);
}

export async function changeAdminRole(db: Db, owner: AdminActor, username: string, role: AdminRole): Promise<Admin> {
  return db.transaction(async (tx) => {
    // Owners are locked before the target: the same order in every such transaction.
    if (role !== 'owner') await keepAnotherOwner(tx, await findId(tx, username));
    const admin = await lockAdmin(tx, username);
    if (admin.role === role) return admin;
    const [updated] = await tx.update(admins).set({ role }).where(eq(admins.id, admin.id)).returning();
    await writeAudit(tx, owner, {
      action: 'admin.role_changed',
      details: { username: admin.username, from: admin.role, to: role },
    });
    return updated ?? admin;
  });
}

/** Removes another admin (never oneself: 409): their tokens stop working at once (the auth plugin requires the admin row). */
export async function removeAdmin(db: Db, owner: AdminActor, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const id = await findId(tx, username);
    // The audit row names its author: an owner cannot remove the account that signs it.
    if (id === owner.adminId) throw new DomainError('conflict', messages.adminSecurity.cannotRemoveSelf);
    await keepAnotherOwner(tx, id);
    const admin = await lockAdmin(tx, username);
    await tx.delete(admins).where(eq(admins.id, admin.id));
    await writeAudit(tx, owner, { action: 'admin.removed', details: { username: admin.username, role: admin.role } });
  });
}

/**
 * Turns off another admin's two-factor sign-in (a lost phone): they sign in with the password alone;
 * their sessions end (a stolen phone's session with them).
 */
export async function resetAdminTotp(db: Db, owner: AdminActor, username: string, now: Date): Promise<Admin> {
  return db.transaction(async (tx) => {
    const admin = await lockAdmin(tx, username);
    await clearTotp(tx, admin.id);
    await endEarlierSessions(tx, admin.id, now);
    await writeAudit(tx, owner, { action: 'admin.totp_reset', details: { username: admin.username } });
    return admin;
  });
}

/** The admin's id, unlocked (to tell the target among the owners); 404 when there is none. */
async function findId(tx: Db, username: string): Promise<string> {
  const [row] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()));
  if (!row) throw new DomainError('not_found', messages.adminSecurity.adminNotFound);
  return row.id;
}
