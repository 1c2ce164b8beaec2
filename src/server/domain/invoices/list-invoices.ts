import { and, asc, desc, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { invoices, type Invoice } from '@server/db/schema';
import { DomainError } from '@server/errors';

/** The student's invoices and credit notes, oldest first. */
export async function listStudentInvoices(db: Db, studentId: string): Promise<Invoice[]> {
  return (
    db
      .select()
      .from(invoices)
      .where(eq(invoices.studentId, studentId))
      // At the same moment, the invoice before its credit note ('invoice' sorts after 'credit_note').
      .orderBy(asc(invoices.issuedAt), desc(invoices.kind), asc(invoices.sequence))
  );
}

/** One of the student's invoices or credit notes; 404 when the number is not theirs. */
export async function getStudentInvoice(db: Db, studentId: string, number: string): Promise<Invoice> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.studentId, studentId), eq(invoices.number, number)))
    .limit(1);
  if (!invoice) throw new DomainError('not_found', messages.invoices.notFound);
  return invoice;
}
