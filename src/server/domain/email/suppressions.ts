/**
 * The suppression list (docs/product/admin.md#broadcasts): addresses that get no reminders or
 * broadcasts (mail/marketing.ts). Stored lower-cased; adding one twice keeps the first row.
 */
import { count, desc } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { emailSuppressions, type EmailSuppression } from '@server/db/schema';
import type { SuppressionSource } from '@shared/statuses';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';

/** Suppresses `email` from `now`; idempotent (an address already on the list stays as it was). */
export async function suppressAddress(db: Db, email: string, source: SuppressionSource, now: Date): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: email.trim().toLowerCase(), source, createdAt: now })
    .onConflictDoNothing({ target: emailSuppressions.email });
}

export async function listSuppressions(db: Db, page: PageRequest): Promise<Page<EmailSuppression>> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(emailSuppressions)
      .orderBy(desc(emailSuppressions.createdAt), emailSuppressions.email)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(emailSuppressions),
  ]);
  return { rows, total: one(total).n };
}
