import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, authHeader } from '@client/lib/api-client';
import { ID_UPLOAD_MAX_BYTES, ID_UPLOAD_TYPES } from '@shared/id-documents';
import { messages } from '@shared/messages';
import type { IdStatusResponse } from '@shared/schemas/id-verification';
import { emailPath, studentKeys } from './query-keys';

const EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf'];

/** The browser's first check (the server decides by the file's bytes): a message, or null when fine. */
export function checkIdFile(file: File): string | null {
  const name = file.name.toLowerCase();
  const typeOk = file.type
    ? (ID_UPLOAD_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!typeOk) return messages.student.idFileType;
  if (file.size > ID_UPLOAD_MAX_BYTES) return messages.student.idFileSize;
  return null;
}

/**
 * POST /api/students/{email}/upload-id as multipart field `file`. XMLHttpRequest rather than fetch
 * because only it reports upload progress.
 */
export function uploadIdDocument(
  email: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<IdStatusResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/students/${emailPath(email)}/upload-id`);
    for (const [name, value] of Object.entries(authHeader('student'))) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as IdStatusResponse);
      else {
        const detail = (body as { detail?: unknown } | null)?.detail;
        reject(new ApiError(request.status, typeof detail === 'string' ? detail : null));
      }
    };
    request.onerror = () => reject(new ApiError(0, null));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function useUploadIdDocument(email: string, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadIdDocument(email, file, onProgress),
    onSuccess: (status) => queryClient.setQueryData(studentKeys.idStatus(email), status),
  });
}
