import { Info, PartyPopper } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from '@client/lib/toast';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { messages } from '@shared/messages';
import { statusNote } from '@shared/status-note';
import type { StudentAreaRecord, StudentProgress } from '@shared/schemas/student-area';
import { useFinalAssessment } from '../api/final-assessment';
import { useCertificate } from '../api/get-certificate';
import { DEFAULT_ID_STATUS, useIdStatus } from '../api/get-id-status';
import { useProgress } from '../api/get-progress';
import { CertificateCard } from './certificate-card';
import { CourseAccessCard } from './course-access-card';
import { CourseStages } from './course-stages';
import { FinalAssessmentPanel } from './final-assessment-panel';
import { IdVerificationCard } from './id-verification-card';
import { ProgressCard } from './progress-card';
import { StudentInfoPanel } from './student-info-panel';

const emptyProgress = (student: StudentAreaRecord): StudentProgress => ({
  student_id: student.id,
  student_name: `${student.first_name} ${student.last_name}`,
  email: student.email,
  course_type: student.course_type,
  course_paid: student.course_paid,
  foundation_progress: [],
  pro_progress: [],
  progress_percentage: 0,
  total_stages: 0,
  completed_stages: 0,
  stages: [],
});

/**
 * View 3: the course is paid. Progress, ID verification, course access, stages, certificate,
 * information, then `children` (the student's records): those show only once the course has loaded,
 * so nothing below the course moves down when it arrives.
 */
export function CourseDashboard({ student, children }: { student: StudentAreaRecord; children?: ReactNode }) {
  const progressQuery = useProgress(student.id);
  const idStatusQuery = useIdStatus(student.email);
  // A requested or activated certificate stays on the dashboard even after a stage is unticked.
  const certificateQuery = useCertificate(student.id, true);
  // The final piece's panel; on error it stays hidden (the server still refuses a tick of the last stage).
  const assessment = useFinalAssessment(student.id).data;
  const finalPiece = assessment?.required ? assessment : null;

  const progressError = progressQuery.error;
  useEffect(() => {
    // Silent on 403 (docs/product/student-area.md), otherwise a toast; the zeroed record is shown either way.
    if (progressError && !(progressError instanceof ApiError && progressError.status === 403)) {
      toast.error(messages.student.progressLoadFailed, { id: 'progress-load-failed' });
    }
  }, [progressError]);

  const idStatusError = idStatusQuery.error;
  useEffect(() => {
    if (idStatusError) console.warn('Could not load the ID verification status', idStatusError);
  }, [idStatusError]);

  if (progressQuery.isPending || idStatusQuery.isPending) return <CourseLoading />;

  const progress = progressQuery.data ?? emptyProgress(student);
  const idStatus = idStatusQuery.data ?? DEFAULT_ID_STATUS;
  const idApproved = idStatus.status === 'approved';
  const complete = progress.total_stages > 0 && progress.progress_percentage >= 100;
  const hasCertificate = Boolean(certificateQuery.data && certificateQuery.data.status !== 'none');
  const note = statusNote({
    status: student.completion_status,
    percentage: progress.progress_percentage,
    totalStages: progress.total_stages,
    idStatus: idStatus.status,
  });

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {complete && <CourseCompleteBanner />}
          {note && <StatusNote note={note} />}
          <ProgressCard progress={progress} />
          <IdVerificationCard email={student.email} status={idStatus} />
          {idApproved && (
            <CourseAccessCard
              url={student.course_access_url}
              startDate={student.course_start_date}
              started={student.days_until_start === 0}
            />
          )}
          {student.course_type && (
            <CourseStages
              studentId={student.id}
              course={student.course_type}
              progress={progress}
              locked={!idApproved}
              startDate={student.course_start_date}
              daysUntilStart={student.days_until_start}
              lastStageByPass={finalPiece !== null}
            />
          )}
          {finalPiece && idApproved && <FinalAssessmentPanel studentId={student.id} assessment={finalPiece} />}
          {(complete || hasCertificate) && student.course_type && (
            <CertificateCard studentId={student.id} course={student.course_type} />
          )}
        </div>
        <div className="space-y-6">
          <StudentInfoPanel student={student} />
        </div>
      </div>
      {children}
    </>
  );
}

/**
 * The course fills more than a screen: its place is kept while it loads, so the footer is not pulled
 * into view and pushed out again.
 */
function CourseLoading() {
  return (
    <div className="min-h-svh">
      <Spinner label="Loading your course…" />
    </div>
  );
}

function CourseCompleteBanner() {
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
      role="status"
    >
      <PartyPopper className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
      <div>
        <p className="text-lg font-bold">{messages.student.courseComplete}</p>
        <p>Every stage is done. Your certificate is below.</p>
      </div>
    </div>
  );
}

/** What the student's status means for them now (shared/status-note.ts). */
function StatusNote({ note }: { note: string }) {
  return (
    <p
      className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
      role="note"
      data-testid="status-note"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden />
      {note}
    </p>
  );
}
