/**
 * Erasure requests (UK GDPR right to erasure; docs/product/student-area.md, "Your data"): a student asks,
 * an owner carries the request out (erase-student.ts) or refuses it with a reason, and the student is
 * told the outcome by email through the outbox, in the decision's transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { ErasureRequestStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { one } from '@server/db/rows';
import { erasureRequests, students, type ErasureRequest } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { eraseStudent } from '../students/erase-student';
import { fullName, getStudent } from '../students/find-student';

/** Asks for erasure; asking again while a request is open answers the open one. */
export async function requestErasure(db: Db, studentId: string): Promise<ErasureRequest> {
  return db.transaction(async (tx) => {
    // The student's row lock makes two requests at once one request.
    const student = await getStudent(tx, studentId, true);
    const [open] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.studentId, student.id), eq(erasureRequests.status, 'requested')));
    if (open) return open;
    return one(await tx.insert(erasureRequests).values({ studentId: student.id }).returning());
  });
}

/** The student's latest request, if any (the dashboard shows an open one). */
export async function findLatestErasureRequest(db: Db, studentId: string): Promise<ErasureRequest | null> {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.studentId, studentId))
    .orderBy(desc(erasureRequests.requestedAt))
    .limit(1);
  return row ?? null;
}

export interface ErasureRequestEntry extends ErasureRequest {
  /** The student while they exist; null once erased. */
  student: { name: string; email: string; totalPaidPence: number } | null;
}

/** Requests for the owners, newest first; open ones only unless `status` says otherwise. */
export async function listErasureRequests(
  db: Db,
  status: ErasureRequestStatus | 'all',
  page: PageRequest,
): Promise<Page<ErasureRequestEntry>> {
  const where = status === 'all' ? undefined : eq(erasureRequests.status, status);
  const rows = await db
    .select({
      request: erasureRequests,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      totalPaidPence: students.totalPaidPence,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(erasureRequests)
    .leftJoin(students, eq(students.id, erasureRequests.studentId))
    .where(where)
    .orderBy(desc(erasureRequests.requestedAt), desc(erasureRequests.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return {
    total: rows[0]?.total ?? (await countRequests(db, where)),
    rows: rows.map((row) => ({
      ...row.request,
      student:
        row.email === null
          ? null
          : {
              name: fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
              email: row.email,
              totalPaidPence: row.totalPaidPence ?? 0,
            },
    })),
  };
}

async function countRequests(db: Db, where: ReturnType<typeof eq> | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(erasureRequests)
    .where(where);
  return row?.n ?? 0;
}

/** The open request, locked for the decision; 404 unknown, 409 already decided. */
async function openRequest(tx: Db, id: string): Promise<ErasureRequest> {
  const [request] = await tx.select().from(erasureRequests).where(eq(erasureRequests.id, id)).for('update');
  if (!request) throw new DomainError('not_found', messages.privacy.requestNotFound);
  if (request.status !== 'requested') throw new DomainError('conflict', messages.privacy.requestAlreadyDecided);
  return request;
}

/**
 * Carries a request out at `now`: the student is erased (409 while a card payment of theirs is
 * pending) and told so at the address they had, which the outbox clears once the email has gone.
 */
export async function carryOutErasure(db: Db, admin: AdminActor, id: string, now: Date): Promise<ErasureRequest> {
  return db.transaction(async (tx) => {
    const request = await openRequest(tx, id);
    const student = await getStudent(tx, request.studentId, true);
    await eraseStudent(tx, student, admin, now);
    await enqueueEmail(tx, { template: 'erasure-completed', to: student.email, data: {} }, now);
    await writeAudit(tx, admin, {
      action: 'student.erased',
      studentId: student.id,
      details: { erasure_request_id: request.id },
    });
    return one(await tx.select().from(erasureRequests).where(eq(erasureRequests.id, request.id)));
  });
}

/** Refuses a request at `now` with a reason the student is sent (e.g. a payment in dispute); the account stays. */
export async function refuseErasure(
  db: Db,
  admin: AdminActor,
  id: string,
  reason: string,
  now: Date,
): Promise<ErasureRequest> {
  return db.transaction(async (tx) => {
    const request = await openRequest(tx, id);
    const student = await getStudent(tx, request.studentId, true);
    const refused = one(
      await tx
        .update(erasureRequests)
        .set({ status: 'refused', decidedAt: now, decidedBy: admin.adminId, refusalReason: reason })
        .where(eq(erasureRequests.id, request.id))
        .returning(),
    );
    await enqueueEmail(
      tx,
      {
        template: 'erasure-refused',
        to: student.email,
        studentId: student.id,
        data: { firstName: student.firstName, reason },
      },
      now,
    );
    await writeAudit(tx, admin, {
      action: 'erasure.refused',
      studentId: student.id,
      studentName: fullName(student),
      details: { erasure_request_id: request.id, reason },
    });
    return refused;
  });
}
