import { Award } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import type { CourseType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { useCertificate } from '../api/get-certificate';
import { useRequestCertificate } from '../api/request-certificate';
import { CertificateModal } from './certificate-modal';
import { CredentialActions } from './credential-actions';

/**
 * none → 'Request Certificate'; pending → disabled 'Pending Activation'; ready → 'View Certificate';
 * revoked → the date it was revoked, nothing to download.
 */
export function CertificateCard({ studentId, course }: { studentId: string; course: CourseType }) {
  const certificate = useCertificate(studentId, true);
  const request = useRequestCertificate(studentId);
  const [open, setOpen] = useState(false);

  const onRequest = () =>
    request.mutate(course, {
      onSuccess: () => toast.success(messages.student.certificateRequested),
      onError: (error) => toast.error(errorDetail(error, messages.student.certificateRequestFailed)),
    });

  return (
    <Card aria-labelledby="certificate-heading" className="space-y-4">
      <h2 id="certificate-heading" className="flex items-center gap-2 text-lg font-bold">
        <Award className="size-5 text-amber-600" aria-hidden /> Your Certificate
      </h2>
      {certificate.isPending ? (
        <Spinner label="Loading certificate…" />
      ) : !certificate.data || certificate.data.status === 'none' ? (
        <>
          <p className="text-slate-700">
            You have completed every stage. Request your certificate and an administrator will activate it.
          </p>
          <Button onClick={onRequest} loading={request.isPending}>
            Request Certificate
          </Button>
        </>
      ) : certificate.data.status === 'pending' ? (
        <>
          <p className="text-slate-700">
            Your certificate has been requested and is awaiting activation by an administrator.
          </p>
          <Button disabled>Pending Activation</Button>
        </>
      ) : certificate.data.status === 'revoked' ? (
        <div role="note" className="space-y-1 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-900">
          <p className="font-bold" data-testid="certificate-revoked">
            {messages.certificates.revokedOn(formatDate(certificate.data.certificate.revoked_on))}
          </p>
          <p>{messages.certificates.revoked}</p>
        </div>
      ) : (
        <>
          <p className="text-slate-700">Your certificate is ready.</p>
          <Button variant="success" onClick={() => setOpen(true)}>
            View Certificate
          </Button>
          <CertificateModal
            studentId={studentId}
            certificate={certificate.data.certificate}
            open={open}
            onOpenChange={setOpen}
          />
          <CredentialActions certificate={certificate.data.certificate} />
        </>
      )}
    </Card>
  );
}
