/** Admin area: domain values → wire shapes (docs/product/api-contracts.md). */
import { idDocumentPath } from '@shared/api-paths';
import { penceToPounds } from '@shared/money';
import type {
  AdminProgress,
  AdminStats as AdminStatsWire,
  AuditEntry as AuditEntryWire,
  ContactMessage as ContactMessageWire,
  ContactReply as ContactReplyWire,
  ReferralRow,
} from '@shared/schemas/admin';
import type { Broadcast as BroadcastWire, FunnelResponse } from '@shared/schemas/admin-outreach';
import type { AdminCertificate } from '@shared/schemas/certificates';
import type {
  DecidedIdVerification as DecidedIdVerificationWire,
  PendingIdVerification as PendingIdVerificationWire,
} from '@shared/schemas/id-verification';
import type { AuditEntry, ContactMessage, ContactMessageReply, Student } from '@server/db/schema';
import type { CertificateListRow } from '@server/domain/certificates/list-certificates';
import type { DecidedIdVerification } from '@server/domain/id-verification/list-decided-id-verifications';
import type { PendingIdVerification } from '@server/domain/id-verification/list-pending-id-verifications';
import type { PaidCourseProgress } from '@server/domain/progress/list-student-progress';
import type { BroadcastWithDelivery } from '@server/domain/broadcasts/list-broadcasts';
import type { AdminStats } from '@server/domain/reports/get-admin-stats';
import type { Funnel } from '@server/domain/reports/get-funnel';
import { fullName } from '@server/domain/students/find-student';
import { toProgressFields } from '../wire';

export function toAdminStats(stats: AdminStats): AdminStatsWire {
  return {
    total_students: stats.totalStudents,
    enrollment_paid: stats.enrollmentPaid,
    total_revenue: penceToPounds(stats.totalRevenuePence),
    pending_payments: stats.pendingPayments,
    foundation_students: stats.foundationStudents,
    pro_students: stats.proStudents,
    weekly: stats.weekly.map((w) => ({
      week_start: w.weekStart,
      enrollments: w.enrollments,
      revenue: penceToPounds(w.revenuePence),
    })),
  };
}

export function toFunnel({ reminders, ...funnel }: Funnel): FunnelResponse {
  return {
    ...funnel,
    reminders: {
      sent: reminders.sent,
      recovered: reminders.recovered,
      recovered_revenue_pence: reminders.recoveredRevenuePence,
    },
  };
}

export function toBroadcast(row: BroadcastWithDelivery): BroadcastWire {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    segment: row.segment,
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByUsername,
    sent_at: row.sentAt?.toISOString() ?? null,
    sent_by: row.sentByUsername,
    queued: row.queued,
    skipped: row.skipped,
    sent: row.delivered,
    failed: row.failed,
  };
}

export function toAdminProgress({ student, courseType, progress }: PaidCourseProgress): AdminProgress {
  return {
    student_id: student.id,
    student_name: fullName(student),
    email: student.email,
    course_type: courseType,
    ...toProgressFields(progress),
  };
}

export function toReferralRow(student: Student): ReferralRow {
  return {
    student_id: student.id,
    student_name: fullName(student),
    email: student.email,
    referral_code: student.referralCode,
    enrollment_paid: student.enrollmentPaid,
    course_paid: student.coursePaid,
    course_type: student.courseType ?? null,
  };
}

export function toAuditEntry(entry: AuditEntry): AuditEntryWire {
  return {
    id: entry.id,
    admin_username: entry.adminUsername,
    action: entry.action,
    student_id: entry.studentId,
    student_name: entry.studentName,
    details: entry.details,
    created_at: entry.createdAt.toISOString(),
  };
}

export function toContactMessage(row: ContactMessage): ContactMessageWire {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category,
    message: row.message,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toContactReply(row: ContactMessageReply): ContactReplyWire {
  return { id: row.id, body: row.body, admin_username: row.adminUsername, created_at: row.createdAt.toISOString() };
}

export function toPendingIdVerification(row: PendingIdVerification): PendingIdVerificationWire {
  return {
    student_id: row.studentId,
    student_name: fullName(row),
    email: row.email,
    course_type: row.courseType,
    uploaded_date: (row.uploadedAt ?? new Date(0)).toISOString(),
    id_document_url: idDocumentPath(row.studentId),
  };
}

export function toDecidedIdVerification(row: DecidedIdVerification): DecidedIdVerificationWire {
  return {
    student_id: row.studentId,
    student_name: fullName(row),
    email: row.email,
    course_type: row.courseType,
    status: row.status,
    uploaded_date: row.uploadedAt?.toISOString() ?? null,
    reviewed_date: row.reviewedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    id_document_url: row.hasDocument ? idDocumentPath(row.studentId) : null,
    document_deleted_date: row.documentDeletedAt?.toISOString() ?? null,
  };
}

export function toAdminCertificate(row: CertificateListRow): AdminCertificate {
  return {
    certificate_id: row.certificateId,
    student_id: row.studentId,
    student_name: fullName(row),
    course_type: row.courseType,
    completion_date: row.completionDate,
    activated: row.activatedAt !== null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revocation_reason: row.revocationReason,
  };
}
