import { getTableName, isTable, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import * as schema from '@server/db/schema';

/**
 * Every table of the schema (read from src/server/db/schema.ts, so a new table is counted too), but the
 * throttle's attempts: a refused guess is meant to be counted there.
 */
const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => isTable(value) && value !== schema.throttleAttempts,
);

/** The row count of every table, by table name: a rejected request must leave these unchanged. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db.execute(sql`select count(*)::int as n from ${table}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    counts[getTableName(table)] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
