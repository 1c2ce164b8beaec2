/**
 * API paths that one side hands out and the other fetches (links in responses, downloads), so both
 * spell them the same way. Ordinary calls name their path where they are made.
 */

export const STUDENT_EXPORT_PATH = '/api/admin/students/export.csv';
export const studentExportFileName = (today: Date = new Date()) => `students-${today.toISOString().slice(0, 10)}.csv`;

export const idDocumentPath = (studentId: string) => `/api/admin/id-verifications/${studentId}/document`;

export const certificatePdfPath = (studentId: string) =>
  `/api/student/${encodeURIComponent(studentId)}/certificate/pdf`;
/** An invoice or credit note as a PDF (the student's token or an admin's). */
export const invoicePdfPath = (studentId: string, number: string) =>
  `/api/student/${encodeURIComponent(studentId)}/invoices/${encodeURIComponent(number)}`;

export const SAMPLE_CERTIFICATE_PDF_PATH = '/api/certificates/sample.pdf';

/** The Open Badges credential (VC-JWT in JSON) and its badge image: public, like verification. */
export const certificateCredentialPath = (certificateId: string) =>
  `/api/certificates/${encodeURIComponent(certificateId)}/credential`;
export const certificateBadgePath = (certificateId: string) =>
  `/api/certificates/${encodeURIComponent(certificateId)}/badge.png`;

/** Everything held about one student, as a JSON file (the student's token or an admin's). */
export const studentDataExportPath = (studentId: string) => `/api/student/${encodeURIComponent(studentId)}/export`;
