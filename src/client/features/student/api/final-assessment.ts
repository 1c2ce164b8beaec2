import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { ASSESSMENT_FILE_TYPES, ASSESSMENT_MAX_BYTES } from '@shared/assessments';
import { messages } from '@shared/messages';
import type { StudentAssessment } from '@shared/schemas/assessments';
import { studentKeys } from './query-keys';

const EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.mp4', '.mov'];

/** The browser's first check (the server decides by the file's bytes): a message, or null when fine. */
export function checkAssessmentFile(file: File): string | null {
  const name = file.name.toLowerCase();
  const typeOk =
    (ASSESSMENT_FILE_TYPES as readonly string[]).includes(file.type) || EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return messages.assessment.fileType;
  if (file.size > ASSESSMENT_MAX_BYTES) return messages.assessment.fileSize;
  return null;
}

/** GET /api/student/{id}/assessment: whether a final piece is asked for, and the newest submission. */
export function useFinalAssessment(studentId: string) {
  return useQuery({
    queryKey: studentKeys.assessment(studentId),
    queryFn: ({ signal }) =>
      api<StudentAssessment>(`/api/student/${studentId}/assessment`, { auth: 'student', signal }),
  });
}

export type AssessmentPiece = { kind: 'file'; file: File; note: string } | { kind: 'link'; url: string; note: string };

/** POST /api/student/{id}/assessment: a file (multipart, the note first) or a link (JSON). */
export function useSubmitAssessment(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (piece: AssessmentPiece) => {
      let body: unknown;
      if (piece.kind === 'file') {
        const form = new FormData();
        if (piece.note.trim()) form.append('note', piece.note.trim());
        form.append('file', piece.file);
        body = form;
      } else body = { url: piece.url.trim(), ...(piece.note.trim() ? { note: piece.note.trim() } : {}) };
      return api<StudentAssessment>(`/api/student/${studentId}/assessment`, { method: 'POST', auth: 'student', body });
    },
    onSuccess: (view) => queryClient.setQueryData(studentKeys.assessment(studentId), view),
  });
}
