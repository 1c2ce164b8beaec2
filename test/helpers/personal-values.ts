import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * The offline payment provider's ledger stands in for Square's own records (what the processor was
 * told, a refund's reason included), which an erasure here cannot reach: not the school's data.
 */
const PROVIDER_RECORDS = 'offline_provider_ledger';

/**
 * Every place in the database where any of `values` still appears (case-insensitive): each text,
 * varchar and json column of every table of the app's schema, read from the catalogue, so a table or
 * column added later is scanned too. Answers `table.column: value` for each hit.
 */
export async function findPersonalValues(db: Db, values: string[]): Promise<string[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
      and table_name <> ${PROVIDER_RECORDS}
    order by table_name, column_name
  `)) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    for (const value of values) {
      const found = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)}
            where position(lower(${value}) in lower(${sql.identifier(column)}::text)) > 0`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (Number(found.rows[0]?.n ?? 0) > 0) hits.push(`${table}.${column}: ${value}`);
    }
  }
  return hits;
}

/** How many text/json columns the scan reads (a scan of nothing would find nothing). */
export async function scannedColumnCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
  `)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}
