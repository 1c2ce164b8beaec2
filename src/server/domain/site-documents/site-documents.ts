/**
 * The documents an owner edits that the site is built from (table site_documents): the catalogue
 * (what is sold, for how much) and the content (the landing copy, claims, FAQ and testimonials). Each
 * is validated by the schema the admin's editor also uses, saved whole, audited with before and
 * after, and read from the database on every use, so a save applies at once on every process; a
 * trigger raises the public pages' version in the same transaction (plugins/live-pages.ts).
 * No row: the seed in code, a new database's document.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_CATALOGUE, type Catalogue } from '@shared/catalogue';
import { canonicalJson as canonical } from '@shared/canonical-json';
import { DEFAULT_CONTENT, type SiteContent } from '@shared/site-content';
import type { Db } from '@server/db/client';
import { siteDocuments, SITE_DOCUMENT_KEYS } from '@server/db/schema';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';

type DocumentKey = (typeof SITE_DOCUMENT_KEYS)[number];

interface DocumentKind<T> {
  key: DocumentKey;
  seed: T;
}

export const CATALOGUE: DocumentKind<Catalogue> = { key: 'catalogue', seed: DEFAULT_CATALOGUE };

/**
 * The document in force, read in the caller's transaction when given one (a payment prices itself
 * with the catalogue its own transaction sees). A document is saved only whole and validated by the
 * route's schema (saveDocument's caller), so it is read as it was saved; a change of its shape comes
 * with a migration of the saved row.
 */
export async function readDocument<T>(db: Db, kind: DocumentKind<T>): Promise<T> {
  const [row] = await db
    .select({ document: siteDocuments.document })
    .from(siteDocuments)
    .where(eq(siteDocuments.key, kind.key))
    .limit(1);
  return row ? (row.document as T) : kind.seed;
}

export const CONTENT: DocumentKind<SiteContent> = { key: 'content', seed: DEFAULT_CONTENT };

export const readCatalogue = (db: Db) => readDocument(db, CATALOGUE);
export const readContent = (db: Db) => readDocument(db, CONTENT);

/**
 * Saves `document` (validated whole by the route's schema: the one the editor uses) as the one in force at `now`, with one
 * audit entry holding the document before and after; nothing is written when it is unchanged.
 * Returns the document in force and whether it changed.
 */
export async function saveDocument<T>(
  db: Db,
  admin: AdminActor,
  kind: DocumentKind<T>,
  document: T,
  now: Date,
): Promise<{ document: T; changed: boolean }> {
  return db.transaction(async (tx) => {
    // Held until commit: two owners saving at once are applied one after the other, each audited
    // against the document it replaced.
    const [locked] = await tx
      .select({ document: siteDocuments.document })
      .from(siteDocuments)
      .where(eq(siteDocuments.key, kind.key))
      .for('update');
    const before = locked ? (locked.document as T) : kind.seed;
    if (canonical(before) === canonical(document)) return { document: before, changed: false };
    await tx
      .insert(siteDocuments)
      .values({ key: kind.key, document, updatedAt: now, updatedBy: admin.adminId })
      .onConflictDoUpdate({ target: siteDocuments.key, set: { document, updatedAt: now, updatedBy: admin.adminId } });
    await writeAudit(tx, admin, {
      action: `${kind.key}.updated`,
      details: { changes: documentChanges(before, document), before, after: document },
    });
    return { document, changed: true };
  });
}

/**
 * Each field that differs, by its path (`courses.pro.price_pence`), with its value before and after:
 * what the Activity tab lists. A list is one field (a module added is its list changed).
 */
export function documentChanges(
  before: unknown,
  after: unknown,
  path = '',
): Array<{ field: string; from: unknown; to: unknown }> {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => documentChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return canonical(before) === canonical(after) ? [] : [{ field: path, from: before ?? null, to: after ?? null }];
}
