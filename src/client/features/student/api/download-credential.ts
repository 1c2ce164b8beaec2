import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { certificateCredentialPath } from '@shared/api-paths';
import type { CertificateCredentialResponse } from '@shared/schemas/credentials';

/** Fetches the Open Badges credential (public, like verification) and saves the VC-JWT as a .jwt file. */
async function downloadCredential(certificateId: string): Promise<void> {
  const { credential } = await api<CertificateCredentialResponse>(certificateCredentialPath(certificateId));
  const url = URL.createObjectURL(new Blob([credential], { type: 'application/vc+jwt' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `credential-${certificateId}.jwt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCredential() {
  return useMutation({ mutationFn: downloadCredential });
}
