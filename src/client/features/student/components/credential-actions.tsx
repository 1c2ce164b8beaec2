import { Download, ExternalLink, Image as ImageIcon } from 'lucide-react';
import { Button, buttonClasses } from '@client/components/ui/button';
import { errorDetail } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { certificateBadgePath } from '@shared/api-paths';
import { COURSES } from '@shared/catalogue';
import { linkedInAddCertificationUrl } from '../lib/linkedin';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import type { StudentCertificate } from '@shared/schemas/certificates';
import { useDownloadCredential } from '../api/download-credential';

const text = messages.credentials;

/**
 * For an activated, valid certificate: the Open Badges credential, its badge image and LinkedIn's
 * "Add to profile" link (docs/product/student-area.md#digital-credential).
 */
export function CredentialActions({ certificate }: { certificate: StudentCertificate }) {
  const download = useDownloadCredential();
  const courseTitle = COURSES[certificate.course_type].title;
  const id = certificate.certificate_id;
  const linkedIn = linkedInAddCertificationUrl({
    name: courseTitle,
    organizationName: text.issuerName,
    issuedOn: certificate.issued_date ?? certificate.completion_date,
    certId: id,
    certUrl: `${window.location.origin}${paths.verifyCertificate(id)}`,
  });

  const onDownload = () =>
    download.mutate(id, {
      onSuccess: () => toast.success(text.downloaded),
      onError: (error) => toast.error(errorDetail(error, text.downloadFailed)),
    });

  return (
    <section aria-labelledby="credential-heading" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="credential-heading" className="font-semibold">
        {text.heading}
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={certificateBadgePath(id)}
          alt={text.badgeAlt(courseTitle)}
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-full"
        />
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{text.intro}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onDownload} loading={download.isPending}>
              <Download className="size-4" aria-hidden />
              {text.download}
            </Button>
            <a href={certificateBadgePath(id)} download={`badge-${id}.png`} className={buttonClasses('outline')}>
              <ImageIcon className="size-4" aria-hidden />
              {text.badge}
            </a>
            <a
              href={linkedIn}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={text.linkedInLabel}
              className={buttonClasses('primary')}
            >
              <ExternalLink className="size-4" aria-hidden />
              {text.linkedIn}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
