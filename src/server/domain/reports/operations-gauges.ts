import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { emailOutbox, payments } from '@server/db/schema';

export interface OperationsGauges {
  paymentsPending: number;
  /** Seconds since the oldest pending payment was created; 0 when none is pending. */
  oldestPendingPaymentAgeSeconds: number;
  outboxPending: number;
  outboxFailed: number;
  /** Seconds since the oldest email still pending was queued; 0 when none is. */
  oldestPendingEmailAgeSeconds: number;
}

const ageSeconds = (column: typeof payments.createdAt | typeof emailOutbox.createdAt) =>
  sql`coalesce(extract(epoch from now() - min(${column})), 0)::float8`;

/**
 * What an operator watches (GET /metrics), in one statement: each part reads only the pending or
 * failed rows through the status indexes, so it stays cheap however many rows are settled or sent.
 */
export async function readOperationsGauges(db: Db): Promise<OperationsGauges> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${payments} where ${payments.status} = 'pending')::int as payments_pending,
      (select ${ageSeconds(payments.createdAt)} from ${payments} where ${payments.status} = 'pending') as payments_age,
      (select count(*) from ${emailOutbox} where ${emailOutbox.status} = 'pending')::int as outbox_pending,
      (select count(*) from ${emailOutbox} where ${emailOutbox.status} = 'failed')::int as outbox_failed,
      (select ${ageSeconds(emailOutbox.createdAt)} from ${emailOutbox} where ${emailOutbox.status} = 'pending') as outbox_age
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, number | string>
  >;
  const row = rows[0] ?? {};
  return {
    paymentsPending: Number(row.payments_pending ?? 0),
    oldestPendingPaymentAgeSeconds: Number(row.payments_age ?? 0),
    outboxPending: Number(row.outbox_pending ?? 0),
    outboxFailed: Number(row.outbox_failed ?? 0),
    oldestPendingEmailAgeSeconds: Number(row.outbox_age ?? 0),
  };
}
