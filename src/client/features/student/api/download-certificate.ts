import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@client/lib/download';
import { certificatePdfPath } from '@shared/api-paths';

/** Fetches the certificate PDF with the student's token and saves it as a file. */
export function downloadCertificate(studentId: string, certificateId: string): Promise<void> {
  return downloadFile(certificatePdfPath(studentId), 'student', `certificate-${certificateId}.pdf`, 'application/pdf');
}

export function useDownloadCertificate(studentId: string) {
  return useMutation({ mutationFn: (certificateId: string) => downloadCertificate(studentId, certificateId) });
}
