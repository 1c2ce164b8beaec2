import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { StudentRecord } from '@shared/schemas/student';
import type { CompletionStatus } from '@shared/statuses';
import { errorDetail } from '@client/lib/api-client';
import { useDownloadStudentData } from '../api/erasure-requests';
import { useCompleteStudent, useDeleteStudent, useUpdateStudentStatus } from '../api/student-actions';
import { conflictMessage } from './conflict-message';
import { defaultMarkPaidType } from './mark-paid-rules';
import { fullName } from './student-name';

export type StudentRowActions = ReturnType<typeof useStudentRowActions>;

/**
 * What a student row's status select and buttons do: the mutations with their toasts, and which
 * dialog (start date, mark paid, delete, complete) is open for which student.
 */
export function useStudentRowActions() {
  const [markPaidFor, setMarkPaidFor] = useState<StudentRecord | null>(null);
  const [deleteFor, setDeleteFor] = useState<StudentRecord | null>(null);
  const [completeFor, setCompleteFor] = useState<StudentRecord | null>(null);
  const [startDateFor, setStartDateFor] = useState<StudentRecord | null>(null);
  const immediate = useImmediateActions();
  const complete = useCompleteStudent();
  const remove = useDeleteStudent();

  const confirmComplete = (student: StudentRecord, confirmIncomplete: boolean) =>
    complete.mutate(
      { id: student.id, confirmIncomplete },
      {
        onSuccess: () => {
          toast.success(messages.admin.completed);
          setCompleteFor(null);
        },
        onError: (error) => toast.error(conflictMessage(error, messages.admin.completeFailed)),
      },
    );

  function confirmDelete() {
    if (!deleteFor) return;
    remove.mutate(deleteFor.id, {
      onSuccess: () => {
        toast.success(messages.admin.deleted);
        setDeleteFor(null);
      },
      onError: (error) => toast.error(errorDetail(error, messages.admin.deleteFailed)),
    });
  }

  return {
    ...immediate,
    askMarkPaid: (student: StudentRecord) =>
      defaultMarkPaidType(student)
        ? setMarkPaidFor(student)
        : toast.info(messages.admin.alreadyPaidEverything(fullName(student))),
    markPaidFor,
    closeMarkPaid: () => setMarkPaidFor(null),
    askStartDate: setStartDateFor,
    startDateFor,
    closeStartDate: () => setStartDateFor(null),
    askDelete: setDeleteFor,
    deleteFor,
    deleting: remove.isPending,
    confirmDelete,
    closeDelete: () => setDeleteFor(null),
    askComplete: setCompleteFor,
    completeFor,
    completing: complete.isPending,
    confirmComplete,
    closeComplete: () => setCompleteFor(null),
  };
}

/** What a row does at once, without a dialog: change the status, download the student's data. */
function useImmediateActions() {
  const updateStatus = useUpdateStudentStatus();
  const downloadData = useDownloadStudentData();
  return {
    changeStatus: (student: StudentRecord, status: CompletionStatus) =>
      updateStatus.mutate(
        { id: student.id, status },
        {
          onSuccess: () => toast.success(messages.admin.statusUpdated),
          onError: () => toast.error(messages.admin.statusUpdateFailed),
        },
      ),
    downloadData: (student: StudentRecord) =>
      downloadData.mutate(student.id, {
        onError: (error) => toast.error(errorDetail(error, messages.privacy.adminExportFailed)),
      }),
    isDownloading: (student: StudentRecord) => downloadData.isPending && downloadData.variables === student.id,
  };
}
