/** Privacy: domain values → the export file and the erasure requests' wire shapes. */
import { FOUNDATION_STAGES, PRO_EXTRA_STAGES } from '@shared/catalogue';
import { penceToPounds } from '@shared/money';
import type { AdminErasureRequest, ErasureRequestWire, StudentDataExport } from '@shared/schemas/privacy';
import type { ErasureRequest } from '@server/db/schema';
import type { ErasureRequestEntry } from '@server/domain/privacy/erasure-requests';
import type { StudentDataExport as DomainExport } from '@server/domain/privacy/export-student-data';
import { toStudentRecord } from './wire';

const STAGE_NAMES: readonly string[] = [...FOUNDATION_STAGES, ...PRO_EXTRA_STAGES];
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

const toWaitlistEntry = (w: DomainExport['waitlists'][number]) => ({
  course_start_date: w.courseStartDate,
  first_name: w.firstName,
  joined_at: w.joinedAt.toISOString(),
  offered_at: isoOrNull(w.offeredAt),
});

/** A final piece as the export carries it: a file as base64, like the ID image. */
const toExportedAssessment = (a: DomainExport['assessments'][number]) => ({
  submitted_at: a.submittedAt.toISOString(),
  status: a.status,
  url: a.url,
  note: a.note,
  file: a.file && {
    file_name: a.fileName ?? 'final-piece',
    content_type: a.contentType ?? 'application/octet-stream',
    data_base64: a.file.toString('base64'),
  },
  reviewed_at: isoOrNull(a.reviewedAt),
  feedback: a.feedback,
});

export function toStudentDataExport(data: DomainExport, generatedAt: Date): StudentDataExport {
  const id = data.idVerification;
  return {
    generated_at: generatedAt.toISOString(),
    profile: {
      ...toStudentRecord(data.student),
      signup_location: data.student.signupLocation,
      referred_by: data.student.referredBy,
      show_in_recent_signups: data.student.showInRecentSignups,
      marketing_opt_out: data.student.marketingOptOut,
    },
    invoices: data.invoices.map((invoice) => ({
      number: invoice.number,
      kind: invoice.kind,
      issued_at: invoice.issuedAt.toISOString(),
      total_pence: invoice.totalPence,
    })),
    payments: data.payments.map((p) => ({
      id: p.id,
      payment_type: p.paymentType,
      course_type: p.courseType ?? null,
      amount: penceToPounds(p.amountPence),
      currency: p.currency,
      status: p.status,
      method: p.method,
      description: p.description,
      provider_reference: p.providerReference,
      created_at: p.createdAt.toISOString(),
      completed_at: isoOrNull(p.completedAt),
      refunded_at: isoOrNull(p.refundedAt),
      refund_reason: p.refundReason,
      terms_version: p.termsVersion,
      terms_accepted_at: isoOrNull(p.termsAcceptedAt),
    })),
    progress: data.progress.map((p) => ({
      stage_number: p.stageNumber,
      stage_name: STAGE_NAMES[p.stageNumber - 1] ?? `Stage ${p.stageNumber}`,
      completed_at: p.completedAt.toISOString(),
    })),
    id_verification: id && {
      status: id.status,
      uploaded_at: isoOrNull(id.uploadedAt),
      reviewed_at: isoOrNull(id.reviewedAt),
      rejection_reason: id.rejectionReason,
      document_deleted_at: isoOrNull(id.documentDeletedAt),
      document: data.idDocument && {
        content_type: data.idDocument.contentType,
        data_base64: data.idDocument.bytes.toString('base64'),
      },
    },
    certificates: data.certificates.map((c) => ({
      certificate_id: c.certificateId,
      course_type: c.courseType,
      completion_date: c.completionDate,
      requested_at: c.requestedAt.toISOString(),
      activated_at: isoOrNull(c.activatedAt),
    })),
    assessments: data.assessments.map(toExportedAssessment),
    emails: data.emails.map((e) => ({
      template: e.template,
      status: e.status,
      created_at: e.createdAt.toISOString(),
      sent_at: isoOrNull(e.sentAt),
    })),
    audit: data.audit.map((a) => ({
      action: a.action,
      by: a.adminUsername,
      at: a.createdAt.toISOString(),
      details: a.details ?? null,
    })),
    waitlists: data.waitlists.map(toWaitlistEntry),
    support_messages: data.supportMessages.map((m) => ({
      subject: m.subject,
      category: m.category,
      message: m.message,
      sent_at: m.createdAt.toISOString(),
    })),
    erasure_requests: data.erasureRequests.map((r) => ({
      status: r.status,
      requested_at: r.requestedAt.toISOString(),
      decided_at: isoOrNull(r.decidedAt),
      refusal_reason: r.refusalReason,
    })),
  };
}

export function toErasureRequest(row: ErasureRequest): ErasureRequestWire {
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    decided_at: isoOrNull(row.decidedAt),
    refusal_reason: row.refusalReason,
  };
}

export function toAdminErasureRequest(entry: ErasureRequestEntry): AdminErasureRequest {
  return {
    ...toErasureRequest(entry),
    student_id: entry.studentId,
    student: entry.student && {
      name: entry.student.name,
      email: entry.student.email,
      total_paid: penceToPounds(entry.student.totalPaidPence),
    },
  };
}

/** `student-data-<id>-YYYY-MM-DD.json` */
export const studentDataFileName = (studentId: string, at: Date) =>
  `student-data-${studentId}-${at.toISOString().slice(0, 10)}.json`;
