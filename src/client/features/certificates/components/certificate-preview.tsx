import type { CSSProperties } from 'react';
import { formatDate } from '@client/lib/format';
import type { SampleCertificate } from '@shared/schemas/certificates';

/**
 * The certificate as HTML, laid out like the PDF (src/server/pdf/render-certificate-pdf.ts):
 * same wording, same order, sizes in container-width units so it scales from a phone to a desktop
 * exactly as the A4 landscape page would.
 */

// 1 PDF point as a share of the 841.89 pt page width.
const pt = (points: number): CSSProperties => ({ fontSize: `${(points * 100) / 841.89}cqw` });

export function CertificatePreview({ certificate }: { certificate: SampleCertificate }) {
  return (
    // Scaled to the width available, like the A4 page it previews: whole on a phone too; the
    // PDF link beside it has the full-size certificate.
    <div>
      <div className="@container">
        <div
          className="relative aspect-[841.89/595.28] overflow-hidden bg-[#fcf9f2] font-serif text-[#2b2b33] shadow-lg"
          style={{ outline: '0.5cqw solid #1c2a54', outlineOffset: '-2.6cqw' }}
        >
          <div className="absolute inset-[3.6cqw] border border-[#a88033]" aria-hidden />
          <p
            className="pointer-events-none absolute inset-0 flex items-center justify-center font-semibold text-red-700/15 select-none"
            style={{ ...pt(150), transform: 'rotate(-20deg)' }}
            aria-hidden
          >
            SAMPLE
          </p>

          <CertificateWording certificate={certificate} />

          <CertificateDates certificate={certificate} />

          {certificate.cpd_provider && <CpdSeal />}

          <Signature name={certificate.signatory_name} title={certificate.signatory_title} />

          <VerificationQrCode certificate={certificate} />

          <p className="absolute inset-x-0 bottom-[6.5%] text-center break-all" style={pt(10)}>
            Verify this certificate at {certificate.verification_url}
          </p>
        </div>
      </div>
    </div>
  );
}

type Props = { certificate: SampleCertificate };

/** From the programme's name to the CPD provider: the holder, the course. */
function CertificateWording({ certificate }: Props) {
  return (
    <div className="absolute inset-x-0 top-[7.3%] text-center leading-tight">
      <p className="font-semibold tracking-[0.2em] text-red-800" style={pt(9)}>
        SAMPLE — NOT A VALID CERTIFICATE
      </p>
      <p className="mt-[1.8%] font-semibold tracking-[0.2em] text-[#8a6a2a]" style={pt(11)}>
        VIDEO BOOK REVIEW SPECIALIST CERTIFICATION
      </p>
      <p className="text-[#1c2a54]" style={pt(46)}>
        Certificate of Completion
      </p>
      <p className="mt-[3%] italic" style={pt(17)}>
        This is to certify that
      </p>
      <p className="mx-auto w-[52%] border-b border-[#a88033] italic text-[#1c2a54]" style={pt(48)}>
        {certificate.holder_name}
      </p>
      <p className="mt-[1.5%] italic" style={pt(17)}>
        has successfully completed the
      </p>
      <p className="font-semibold text-[#1c2a54]" style={pt(30)}>
        {certificate.course_title}
      </p>
      <p style={pt(14)}>
        of the Video Book Review Specialist certification programme{certificate.cpd_provider ? ',' : '.'}
      </p>
      {certificate.cpd_provider && <p style={pt(14)}>delivered by CPD provider number {certificate.cpd_provider}.</p>}
    </div>
  );
}

function CertificateDates({ certificate }: Props) {
  return (
    <dl className="absolute top-[69%] left-[9%] space-y-[0.8cqw] leading-tight">
      {[
        ['Date of completion', formatDate(certificate.completion_date)],
        ['Date of issue', formatDate(certificate.issued_date)],
        ['Certificate ID', certificate.certificate_id],
      ].map(([label, value]) => (
        <div key={label}>
          <dt className="font-semibold tracking-[0.15em] text-[#8a6a2a] uppercase" style={pt(8)}>
            {label}
          </dt>
          <dd style={pt(13)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The seal: decoration (the CPD number is in the wording). */
function CpdSeal() {
  return (
    <div
      className="absolute top-[71.5%] left-[28.5%] flex aspect-square w-[10.5%] flex-col items-center justify-center rounded-full bg-[#7d5c1c] text-[#fcf9f2] ring-[0.3cqw] ring-[#fcf9f2] ring-inset"
      aria-hidden
    >
      <span className="font-semibold" style={pt(7)}>
        PROVIDER
      </span>
      <span className="leading-none font-semibold" style={pt(22)}>
        CPD
      </span>
      <span className="font-semibold" style={pt(7)}>
        ACCREDITED
      </span>
    </div>
  );
}

/** The signature line (the name in script, when one is set), then the name and title, as the PDF prints them. */
function Signature({ name, title }: { name: string | null; title: string }) {
  return (
    <div className="absolute top-[73%] left-[51%] w-[24%] text-center leading-tight">
      <p className="min-h-[1.2em] border-b border-[#2b2b33] italic text-[#1c2a54]" style={pt(24)} aria-hidden>
        {name}
      </p>
      <p className="mt-[0.5cqw] font-semibold" style={pt(10)}>
        {name ?? title}
      </p>
      {name && <p style={pt(9)}>{title}</p>}
    </div>
  );
}

function VerificationQrCode({ certificate }: Props) {
  return (
    <div className="absolute top-[69.2%] right-[9%] w-[11%] text-center">
      <img
        src={certificate.qr_code_data_url}
        alt={`QR code linking to ${certificate.verification_url}`}
        // Square whatever its pixel size: its box is known before the image is decoded.
        className="aspect-square w-full"
      />
      <p className="mt-[0.4cqw] font-semibold tracking-[0.15em] text-[#8a6a2a]" style={pt(7)}>
        SCAN TO VERIFY
      </p>
    </div>
  );
}
