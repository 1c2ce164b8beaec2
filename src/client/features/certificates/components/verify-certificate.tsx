import { BadgeCheck, Ban, Clock, SearchX, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { BrandHeader } from '@client/components/layout/brand-shell';
import { Island } from '@client/components/layout/island';
import { PageMeta } from '@client/components/layout/page-meta';
import { SiteFooter } from '@client/components/layout/site-footer';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { errorDetail } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { WithQueryClient } from '@client/lib/query-client';
import { paths } from '@shared/routes';
import { normaliseCertificateId } from '@shared/codes';
import { messages } from '@shared/messages';
import type { CertificateVerification } from '@shared/schemas/certificates';
import { useCertificateVerification } from '../api/get-certificate-verification';

export const VERIFICATION_RESULT_ISLAND = 'verification-result';
export const CHECK_ANOTHER_ISLAND = 'check-another-certificate';

/**
 * /verify/{id}, where a certificate's QR code and printed link lead: the server renders it with the
 * result (src/server/routes/certificates/verify-page.ts), and its own entry (verify-entry.tsx)
 * hydrates only the result and the form, its islands. `certificateId` is the address's, trimmed and
 * in upper case.
 */
export function VerifyCertificate({ certificateId }: { certificateId: string }) {
  return (
    <>
      <PageMeta
        title={`Verify certificate ${certificateId} | Video Book Review Specialist`}
        description="Check that a Video Book Review Specialist certificate is genuine and valid."
      />
      <BrandHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-slate-900">Certificate verification</h1>
        <p className="mt-2 text-slate-700">
          Certificate ID <span className="font-mono font-semibold break-all text-slate-900">{certificateId}</span>
        </p>

        <div className="mt-6" aria-live="polite">
          <Island name={VERIFICATION_RESULT_ISLAND} props={{ certificateId }}>
            <VerificationStatus certificateId={certificateId} />
          </Island>
        </div>

        <Island name={CHECK_ANOTHER_ISLAND}>
          <CheckAnotherForm />
        </Island>
      </main>
      <SiteFooter />
    </>
  );
}

/** The result: from the page's own answer (sent in it), else asked for, with "Try again" when that fails. */
export function VerificationStatus({ certificateId }: { certificateId: string }) {
  return (
    <WithQueryClient>
      <VerificationOutcome certificateId={certificateId} />
    </WithQueryClient>
  );
}

function VerificationOutcome({ certificateId }: { certificateId: string }) {
  const verification = useCertificateVerification(certificateId);
  if (verification.isPending)
    return (
      <Card>
        <Spinner label="Checking the certificate…" />
      </Card>
    );
  if (verification.data) return <VerificationResult verification={verification.data} />;
  if (verification.isSuccess)
    return (
      <Outcome tone="red" icon={<SearchX className="size-7" aria-hidden />} heading={messages.certificates.unknownId}>
        Check the ID printed on the certificate, beside the QR code, and try again.
      </Outcome>
    );
  return (
    <Outcome
      tone="amber"
      icon={<TriangleAlert className="size-7" aria-hidden />}
      heading="We could not check this certificate"
    >
      <p>{errorDetail(verification.error, messages.common.serviceUnavailable)}</p>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => void verification.refetch()}
        loading={verification.isFetching}
      >
        Try again
      </Button>
    </Outcome>
  );
}

const tones = {
  green: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  amber: 'border-amber-500 bg-amber-50 text-amber-950',
  red: 'border-red-600 bg-red-50 text-red-900',
} as const;

function Outcome({
  tone,
  icon,
  heading,
  children,
}: {
  tone: keyof typeof tones;
  icon: ReactNode;
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-start gap-3 rounded-xl border-2 p-6 shadow-sm', tones[tone])}>
      {icon}
      <div className="min-w-0 flex-1">
        <h2 className="text-xl font-bold">{heading}</h2>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}

/** How each status reads: a revoked certificate is plainly not valid, with no reason given. */
const outcomes = {
  valid: {
    tone: 'green',
    icon: <BadgeCheck className="size-7" aria-hidden />,
    heading: 'Valid certificate',
    text: 'This certificate was issued by Video Book Review Specialist Certification to the person named below.',
  },
  pending: {
    tone: 'amber',
    icon: <Clock className="size-7" aria-hidden />,
    heading: 'Not yet valid: awaiting activation',
    text: 'This certificate has been requested but our team has not activated it yet, so it is not valid for now.',
  },
  revoked: {
    tone: 'red',
    icon: <Ban className="size-7" aria-hidden />,
    heading: 'Revoked: not valid',
    text: 'Video Book Review Specialist Certification has revoked this certificate. It is no longer valid.',
  },
} as const satisfies Record<CertificateVerification['status'], { tone: keyof typeof tones } & Record<string, unknown>>;

function VerificationResult({ verification }: { verification: CertificateVerification }) {
  const details: [string, ReactNode][] = [
    ['Holder', verification.holder_name],
    ['Course', verification.course_title],
    ['Completed', formatDate(verification.completion_date)],
    ['Issued', verification.issued_date ? formatDate(verification.issued_date) : 'Not yet issued'],
    [
      'Identity',
      verification.id_verified ? (
        <Badge tone="green">Photo ID verified</Badge>
      ) : (
        <Badge tone="slate">Photo ID not verified</Badge>
      ),
    ],
  ];
  const shown = outcomes[verification.status];
  if (verification.status === 'revoked' && verification.revoked_on)
    details.push(['Revoked', formatDate(verification.revoked_on)]);
  return (
    <Outcome tone={shown.tone} icon={shown.icon} heading={shown.heading}>
      <p>{shown.text}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-900">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Outcome>
  );
}

/**
 * Another ID, checked as typed (no form library or schema: this page's JavaScript stays small). A
 * valid one loads its own page, which the server renders with its result. The field's id is fixed:
 * an island hydrates as a root of its own, where a generated id would not match the server's.
 */
export function CheckAnotherForm() {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const check = (value: string) =>
    normaliseCertificateId(value) === null ? messages.certificates.idAsPrinted : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const id = normaliseCertificateId(typed);
    if (id === null) return setError(messages.certificates.idAsPrinted);
    window.location.assign(paths.verifyCertificate(id));
  };
  return (
    <section aria-labelledby="check-another" className="mt-10">
      <h2 id="check-another" className="text-lg font-bold text-slate-900">
        Check another certificate
      </h2>
      <form noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit}>
        <Field
          id="certificate-id"
          label="Certificate ID"
          className="flex-1"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            // As a form library would: once sent, the message follows what is typed.
            if (submitted) setError(check(event.target.value));
          }}
        />
        <Button type="submit" className="sm:mt-6">
          Verify
        </Button>
      </form>
    </section>
  );
}
