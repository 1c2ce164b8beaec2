import { Download, ExternalLink, QrCode, ShieldCheck, FileText, Award } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@client/components/layout/page-meta';
import { BrandHeader } from '@client/components/layout/brand-shell';
import { SiteFooter } from '@client/components/layout/site-footer';
import { Button, buttonClasses } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { paths } from '@shared/routes';
import { SAMPLE_CERTIFICATE_PDF_PATH } from '@shared/api-paths';
import { useSampleCertificate } from '../api/get-sample-certificate';
import { CertificatePreview } from '../components/certificate-preview';

const features = [
  {
    icon: FileText,
    title: 'A real PDF',
    text: 'A4 landscape, ready to print and frame, with fonts embedded so it looks the same everywhere.',
  },
  {
    icon: QrCode,
    title: 'QR code and link',
    text: 'Anyone can scan the code or type the printed link to check the certificate in seconds.',
  },
  {
    icon: Award,
    title: 'Dated and numbered',
    text: 'Every certificate carries your completion date, its issue date and its own certificate ID.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'The verification page shows your name, course and dates — never your email or other details.',
  },
];

/** /certificate-demo: the SAMPLE certificate, drawn by the same PDF code as real ones. Prerendered. */
export default function CertificateDemoPage() {
  return (
    <>
      <PageMeta
        title="Certificate Demo | Video Book Review Specialist"
        description="See the certificate our graduates receive: a printable PDF with a QR code anyone can use to verify it."
      />
      <BrandHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Certificate Demo</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">
          Every graduate receives a certificate like this one once their course is complete and our team has activated
          it. This is a sample: it is marked SAMPLE and its ID does not belong to anyone.
        </p>

        <SampleCertificateSection />

        <TrustFeatures />

        <HowToEarn />
      </main>
      <SiteFooter />
    </>
  );
}

/** The sample as HTML (or why it could not load), and the sample PDF to open or download. */
function SampleCertificateSection() {
  const sample = useSampleCertificate();
  return (
    <section aria-labelledby="sample-heading" className="mt-8">
      <h2 id="sample-heading" className="sr-only">
        Sample certificate
      </h2>
      {sample.isError ? (
        <Card role="alert" className="text-center">
          <p className="font-semibold text-slate-900">The sample certificate could not be loaded.</p>
          <Button variant="outline" className="mt-4" onClick={() => void sample.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        // The caption is there while the certificate loads too: the links below do not move when it comes.
        <figure>
          {sample.isPending ? (
            <Card className="flex aspect-[841.89/595.28] items-center justify-center">
              <Spinner label="Loading the sample certificate…" />
            </Card>
          ) : (
            <CertificatePreview certificate={sample.data} />
          )}
          <figcaption className="mt-3 text-sm text-slate-600">
            A faithful preview of the sample PDF. The verification link of a real certificate shows whether it is valid.
          </figcaption>
        </figure>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <a href={SAMPLE_CERTIFICATE_PDF_PATH} target="_blank" rel="noopener" className={buttonClasses('primary', 'lg')}>
          <ExternalLink className="size-5" aria-hidden />
          Open the sample PDF
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a
          href={SAMPLE_CERTIFICATE_PDF_PATH}
          download="sample-certificate.pdf"
          className={buttonClasses('outline', 'lg')}
        >
          <Download className="size-5" aria-hidden />
          Download the sample PDF
        </a>
      </div>
    </section>
  );
}

function TrustFeatures() {
  return (
    <section aria-labelledby="features-heading" className="mt-14">
      <h2 id="features-heading" className="text-2xl font-bold text-slate-900">
        What makes it a certificate you can trust
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <Icon className="size-8 text-brand-700" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowToEarn() {
  return (
    <section aria-labelledby="how-heading" className="mt-14 max-w-3xl">
      <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
        How to earn yours
      </h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-800">
        <li>Enroll and complete every stage of the Foundation or Pro course.</li>
        <li>Verify your identity with a photo ID from your student dashboard.</li>
        <li>Request your certificate at 100% progress; our team activates it.</li>
        <li>Download the PDF and share its verification link with clients and employers.</li>
      </ol>
      <Link to={paths.enrol} className={buttonClasses('primary', 'lg', 'mt-6')}>
        Start Your Journey
      </Link>
    </section>
  );
}
