/**
 * Today's catalogue (src/shared/catalogue-document.ts): the owner's saved document, or the defaults
 * while none is saved. Read on every use, inside the caller's transaction when it has one, so a price
 * is the one in force when a payment is written.
 */
import { eq } from 'drizzle-orm';
import { catalogueDocument, DEFAULT_CATALOGUE, type CatalogueDocument } from '@shared/catalogue-document';
import type { Db } from '@server/db/client';
import { schoolDocuments } from '@server/db/schema';

export interface StoredCatalogue {
  document: CatalogueDocument;
  /** 0 while the defaults apply; grows with every save. */
  version: number;
}

export async function getCatalogue(db: Db): Promise<StoredCatalogue> {
  const [row] = await db
    .select({ document: schoolDocuments.document, version: schoolDocuments.version })
    .from(schoolDocuments)
    .where(eq(schoolDocuments.name, 'catalogue'))
    .limit(1);
  if (!row) return { document: DEFAULT_CATALOGUE, version: 0 };
  return { document: catalogueDocument.parse(row.document), version: row.version };
}
