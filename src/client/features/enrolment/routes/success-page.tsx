/** /success: the last payment from session storage (docs/product/enrolment.md), cleared after 5 seconds. */
import { CheckCircle2, Receipt } from 'lucide-react';
import { EmailText } from '@client/components/ui/email-text';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { buttonClasses } from '@client/components/ui/button';
import { lastPayment, studentSession } from '@client/lib/session';
import { messages } from '@shared/messages';
import { formatPence } from '@shared/money';
import { paths } from '@shared/routes';
import { BonusAndCommunity } from '../components/next-steps';
import { PAYMENT_TYPE_LABELS } from '../lib/wizard';

const CLEAR_AFTER_MS = 5000;

export default function SuccessPage() {
  const [payment] = useState(lastPayment.get);
  // The wizard's session carries on: a student who has just paid is still signed in.
  const [signedIn] = useState(() => studentSession.get() !== null);
  const dashboard = signedIn ? paths.studentDashboard : paths.studentLogin;

  useEffect(() => {
    const timer = setTimeout(lastPayment.clear, CLEAR_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const typeLabel = payment.paymentType && PAYMENT_TYPE_LABELS[payment.paymentType];
  const amount = payment.amountPence === undefined ? undefined : formatPence(payment.amountPence);
  // Opened directly (no payment was just made here): nothing to confirm and no bonus to offer.
  if (!payment.email || !typeLabel || !amount) return <NoRecentPayment dashboard={dashboard} signedIn={signedIn} />;
  return (
    <BrandShell>
      <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-10">
        <Card className="space-y-6">
          <div className="text-center">
            <CheckCircle2 className="mx-auto size-14 text-emerald-700" aria-hidden />
            <h1 className="mt-2 text-3xl font-bold">Payment Successful</h1>
            <p className="mt-1 text-slate-700">Thank you! Your payment has been received.</p>
          </div>
          {/* The next step right under the heading: on any phone it stays clear of the toast at the bottom of the screen. */}
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to={dashboard} className={buttonClasses('primary', 'lg')}>
              Go to Student Dashboard
            </Link>
            <Link to={paths.home} className={buttonClasses('outline', 'lg')}>
              Return to Home
            </Link>
          </div>
          <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">Email</dt>
              <dd className="font-semibold">
                <EmailText email={payment.email} />
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Payment type</dt>
              <dd className="font-semibold">{typeLabel}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Amount</dt>
              <dd className="font-semibold">{amount}</dd>
            </div>
          </dl>
          <BonusAndCommunity />
          <SupportLine question="Questions about your payment?" />
        </Card>
      </main>
    </BrandShell>
  );
}

function NoRecentPayment({ dashboard, signedIn }: { dashboard: string; signedIn: boolean }) {
  return (
    <BrandShell>
      <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-10">
        <Card className="space-y-6 text-center">
          <Receipt className="mx-auto size-12 text-brand-700" aria-hidden />
          <h1 className="text-3xl font-bold">{messages.success.noPaymentTitle}</h1>
          <p className="text-slate-700">{messages.success.noPaymentText}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to={dashboard} className={buttonClasses('primary', 'lg')}>
              {signedIn ? 'Go to Student Dashboard' : 'Student Login'}
            </Link>
            <Link to={paths.enrol} className={buttonClasses('outline', 'lg')}>
              Enroll
            </Link>
          </div>
          <SupportLine question="Paid but nothing arrived by email?" />
        </Card>
      </main>
    </BrandShell>
  );
}

function SupportLine({ question }: { question: string }) {
  return (
    <p className="text-center text-sm text-slate-700">
      {question}{' '}
      <Link to={paths.support} className="font-semibold text-brand-800 underline">
        Contact support
      </Link>
    </p>
  );
}
