/**
 * /unsubscribe/{token}: where the link in a reminder or broadcast leads (docs/product/enrolment.md#reminders).
 * It asks first, with a button, so a mail scanner that opens links unsubscribes nobody; the button
 * POSTs the token (no session), then the page says it is done, or why not.
 */
import { MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ApiError } from '@client/lib/api-client';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { useUnsubscribe } from '../api/unsubscribe';

const m = messages.unsubscribe;

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const status = useRef<HTMLParagraphElement>(null);
  const settled = unsubscribe.isSuccess || unsubscribe.isError;
  // The outcome replaces the button: focus moves to it, so a keyboard or screen reader user hears it.
  useEffect(() => {
    if (settled) status.current?.focus();
  }, [settled]);
  const invalid = unsubscribe.error instanceof ApiError && unsubscribe.error.status < 500;
  return (
    <BrandShell title={`${m.title} | Video Book Review Specialist`}>
      <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-10">
        <Card className="space-y-5 text-center">
          <MailX className="mx-auto size-12 text-brand-700" aria-hidden />
          <h1 className="text-3xl font-bold">{m.title}</h1>
          {unsubscribe.isSuccess ? (
            <p ref={status} tabIndex={-1} role="status" className="text-emerald-900">
              {m.done(unsubscribe.data.email)}
            </p>
          ) : (
            <>
              <p className="text-slate-700">{m.question}</p>
              <p className="text-sm text-slate-600">{m.stillSent}</p>
              {unsubscribe.isError && (
                <p
                  ref={status}
                  tabIndex={-1}
                  role="alert"
                  className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
                >
                  {invalid ? m.invalidLink : m.failed}
                </p>
              )}
              {!invalid && (
                <Button size="lg" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                  {unsubscribe.isPending ? m.working : m.button}
                </Button>
              )}
            </>
          )}
          <Link to={paths.home} className="block text-sm font-semibold text-brand-700 underline underline-offset-2">
            {m.backHome}
          </Link>
        </Card>
      </main>
    </BrandShell>
  );
}
