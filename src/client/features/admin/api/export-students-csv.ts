import { useState } from 'react';
import { STUDENT_EXPORT_PATH, studentExportFileName } from '@shared/api-paths';
import { adminFetch, queryString } from './admin-api';

export type ExportState = { status: 'idle' } | { status: 'downloading'; bytes: number } | { status: 'error' };

/**
 * Downloads the streamed CSV with the admin token, reporting the bytes received so far, then hands
 * the file to the browser. Returns the number of data rows.
 */
export function useExportStudentsCsv() {
  const [state, setState] = useState<ExportState>({ status: 'idle' });

  async function exportCsv(filters: { search: string; status: string; course: string }): Promise<number> {
    setState({ status: 'downloading', bytes: 0 });
    try {
      const response = await adminFetch(`${STUDENT_EXPORT_PATH}${queryString(filters)}`);
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines += 1;
        setState({ status: 'downloading', bytes });
      }
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = studentExportFileName();
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ status: 'idle' });
      return Math.max(lines - 1, 0);
    } catch (error) {
      setState({ status: 'error' });
      throw error;
    }
  }

  return { state, exportCsv };
}
