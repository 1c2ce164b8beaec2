/** Who may use a student route, shared by the student area's route files. */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { messages } from '@shared/messages';
import { errorSchema } from '@shared/schemas/common';
import type { Student } from '@server/db/schema';
import { findStudentByEmail } from '@server/domain/students/find-student';
import { DomainError } from '@server/errors';
import { requireSignedIn, requireStudentAccess } from '@server/plugins/auth';

export const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Route hook for `/student/:id/...`: that student's token or an admin's, checked before the body is
 * validated. A callback hook (a refusal is thrown, and Fastify answers it as any error): no promise.
 */
export function ownStudent(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  requireStudentAccess(request, (request.params as { id: string }).id);
  done();
}

/** A body's optional `student_id` must name the student of the path. */
export function assertSameStudent(pathId: string, bodyId: string | undefined): void {
  if (bodyId && bodyId !== pathId) throw new DomainError('invalid', messages.student.studentIdMismatch);
}

/**
 * The student of an email path (`/students/:email/...`). The token is checked before the lookup, so
 * a student cannot probe which emails exist: an unknown email is 403 for a student and 404 only for
 * an admin.
 */
export async function studentByEmail(app: FastifyInstance, request: FastifyRequest, email: string): Promise<Student> {
  // An admin token is held to the admin token rules before the lookup: its 404 tells which emails exist.
  const auth = requireSignedIn(request);
  const student = await findStudentByEmail(app.db, email);
  if (!student)
    throw auth.role === 'admin'
      ? new DomainError('not_found', messages.admin.studentNotFound)
      : new DomainError('forbidden', messages.common.forbidden);
  requireStudentAccess(request, student.id);
  return student;
}
