import { useMutation } from '@tanstack/react-query';
import { ApiError, authHeader } from '@client/lib/api-client';
import { certificatePdfPath } from '@shared/api-paths';

/** Fetches the certificate PDF with the student's token and saves it as a file. */
export async function downloadCertificate(studentId: string, certificateId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(certificatePdfPath(studentId), {
      headers: { Accept: 'application/pdf', ...authHeader('student') },
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new ApiError(response.status, typeof body?.detail === 'string' ? body.detail : null);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `certificate-${certificateId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCertificate(studentId: string) {
  return useMutation({ mutationFn: (certificateId: string) => downloadCertificate(studentId, certificateId) });
}
