// engines: both
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { admins } from '@server/db/schema';
import { bootstrapAdmin } from '@server/domain/admins/bootstrap-admin';
import { createAdmin } from '@server/domain/admins/create-admin';
import { verifyPassword } from '@server/auth/passwords';
import { createTestDatabase } from '../helpers/database';
import { one } from '@server/db/rows';

describe('admin bootstrap', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('creates "admin" with a random password, handed over once, when there is no admin and no configuration', async () => {
    const printed: string[] = [];
    await bootstrapAdmin(
      database.db,
      undefined,
      () => {},
      (password) => {
        printed.push(password);
      },
    );
    expect(printed).toHaveLength(1);
    const password = printed[0] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const admin = one(await database.db.select().from(admins));
    expect(admin.username).toBe('admin');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);

    await bootstrapAdmin(
      database.db,
      undefined,
      () => {},
      (password) => {
        printed.push(password);
      },
    );
    expect(printed).toHaveLength(1);
  });

  it('creates the configured admin once and never overwrites its password', async () => {
    const configured = { username: 'owner', password: 'first-password-123' };
    await bootstrapAdmin(
      database.db,
      configured,
      () => {},
      () => {},
    );
    await bootstrapAdmin(
      database.db,
      { username: 'OWNER', password: 'other-password-456' },
      () => {},
      () => {},
    );
    const rows = await database.db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(one(rows).passwordHash, 'first-password-123')).toBe(true);
  });

  it('creates the configured admin on an empty admin table only, and never brings a removed one back', async () => {
    const configured = { username: 'owner', password: 'first-password-123' };
    // Another admin exists already (made with the CLI): the variables create nobody.
    await createAdmin(database.db, 'first', 'long-enough-password');
    await bootstrapAdmin(
      database.db,
      configured,
      () => {},
      () => {},
    );
    expect((await database.db.select().from(admins)).map((a) => a.username)).toEqual(['first']);

    // Created on the empty table, then removed in the app: a restart with the variables still set
    // does not revive it.
    await database.db.delete(admins);
    await bootstrapAdmin(
      database.db,
      configured,
      () => {},
      () => {},
    );
    await createAdmin(database.db, 'second', 'long-enough-password');
    await database.db.delete(admins).where(eq(admins.username, 'owner'));
    await bootstrapAdmin(
      database.db,
      configured,
      () => {},
      () => {},
    );
    expect((await database.db.select().from(admins)).map((a) => a.username)).toEqual(['second']);
  });

  it('refuses short passwords and duplicate usernames', async () => {
    await expect(createAdmin(database.db, 'someone', 'short')).rejects.toThrow(/at least 12/);
    await createAdmin(database.db, 'someone', 'long-enough-password');
    await expect(createAdmin(database.db, 'SomeOne', 'long-enough-password')).rejects.toThrow(/already exists/);
  });
});
