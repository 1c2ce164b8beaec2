import * as Dialog from '@radix-ui/react-dialog';
import { Award, Download, X } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { useReturnFocus } from '@client/components/ui/return-focus';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { StudentCertificate } from '@shared/schemas/certificates';
import { useDownloadCertificate } from '../api/download-certificate';

/** The activated certificate's details and the real PDF download. */
export function CertificateModal({
  studentId,
  certificate,
  open,
  onOpenChange,
}: {
  studentId: string;
  certificate: StudentCertificate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const download = useDownloadCertificate(studentId);
  const returnFocus = useReturnFocus(open);
  const onDownload = () =>
    download.mutate(certificate.certificate_id, {
      onSuccess: () => toast.success(messages.certificates.downloadStarted),
      onError: (error) => toast.error(errorDetail(error, messages.certificates.downloadFailed)),
    });

  const rows: Array<[string, string | null]> = [
    ['Student name', certificate.student_name],
    ['Course', COURSES[certificate.course_type].title],
    ['Certificate ID', certificate.certificate_id],
    ['Course start date', certificate.course_start_date ? formatDate(certificate.course_start_date) : 'Not selected'],
    ['Completion date', formatDate(certificate.completion_date)],
    ['Issued date', certificate.issued_date ? formatDate(certificate.issued_date) : 'Pending'],
    ['CPD provider number', certificate.cpd_provider],
    ['Signatory', certificate.signatory],
  ];

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="flex items-center gap-2 text-xl font-bold">
              <Award className="size-6 text-amber-600" aria-hidden /> Certificate of Completion
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-slate-600">
            Video Book Review Specialist Certification
          </Dialog.Description>
          <dl className="mt-4 divide-y divide-slate-100 text-sm">
            {/* A row without a value (no CPD provider number configured) is left out. */}
            {rows.map(
              ([label, value]) =>
                value !== null && (
                  <div key={label} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[11rem_1fr]">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="font-semibold break-words">{value}</dd>
                  </div>
                ),
            )}
          </dl>
          <Button className="mt-6 w-full" onClick={onDownload} loading={download.isPending}>
            <Download className="size-4" aria-hidden /> Download Certificate
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
