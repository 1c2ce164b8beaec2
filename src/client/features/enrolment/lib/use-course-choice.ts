import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { enrolmentKeys } from '../api/query-keys';
import { useSelectCourse } from '../api/select-course';
import type { EnrolmentWizard } from './use-enrolment-wizard';

const m = messages.enrolment;

/** Step 3's Continue: saves the course and start date (unless only the enrolment fee is paid) and moves on. */
export function useCourseChoice({ choices, student, go, choose }: EnrolmentWizard) {
  /** Why the chosen start date was refused (closed or just filled up): shown on the course step. */
  const [startDateError, setStartDateError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const selectCourse = useSelectCourse();

  const continueFromCourse = async () => {
    if (choices.paymentType === 'enrollment') return go(4);
    if (!choices.course || !choices.startDate) return toast.error(m.courseAndDateRequired);
    if (!student) return go(1);
    try {
      await selectCourse.mutateAsync({
        studentId: student.id,
        body: { student_id: student.id, course_type: choices.course, course_start_date: choices.startDate },
      });
      setStartDateError(null);
      toast.success(m.courseSelectionUpdated);
      go(4);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        // The date closed or filled up since the list was loaded: say so, and offer the dates left.
        setStartDateError(error.detail);
        if (error.detail === m.startDateClosed || error.detail === m.startDateFull) {
          choose({ startDate: null });
          void queryClient.invalidateQueries({ queryKey: enrolmentKeys.courseDates() });
        }
        return;
      }
      toast.error(errorDetail(error, m.courseSelectionFailed));
    }
  };

  return { saving: selectCourse.isPending, startDateError, setStartDateError, continueFromCourse };
}

export type CourseChoice = ReturnType<typeof useCourseChoice>;
