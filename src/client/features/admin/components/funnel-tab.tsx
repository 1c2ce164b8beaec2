/**
 * The enrolment funnel (owners and staff): for a range of registration weeks, how many registered
 * and how many of them have since paid the fee, paid a course, had their ID approved and completed,
 * with the conversion from each stage to the next; the same by week in a chart; and what the
 * reminders brought back.
 */
import { useState, type FormEvent } from 'react';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useFunnel, type FunnelRange, type FunnelResponse } from '../api/funnel';
import { FunnelChart } from './funnel-chart';
import { stageFigures } from './funnel-model';
import { ListState } from './list-parts';

const m = messages.adminOutreach;

export function FunnelTab() {
  const [range, setRange] = useState<FunnelRange>({ from: '', to: '' });
  const funnel = useFunnel(range);
  // A range the server refuses (400): its reason under the dates, the last funnel shown still.
  const refused =
    funnel.error instanceof ApiError && funnel.error.status === 400 ? (funnel.error.detail ?? undefined) : undefined;
  const data = funnel.data;
  return (
    <section aria-labelledby="funnel-heading" className="space-y-4">
      <h2 id="funnel-heading" className="text-xl font-semibold">
        {m.funnelTitle}
      </h2>
      <p className="text-sm text-slate-700">{m.funnelNote}</p>
      <RangeForm onShow={setRange} shown={data} error={refused} />
      <ListState
        isPending={funnel.isPending}
        isError={funnel.isError && !refused}
        isEmpty={false}
        empty=""
        onRetry={() => void funnel.refetch()}
      >
        {data && (
          <div className="space-y-4">
            <StageTotals totals={data.totals} />
            <RemindersLine reminders={data.reminders} />
            {data.totals.registered === 0 ? (
              <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">
                {m.funnelEmpty}
              </p>
            ) : (
              <FunnelChart weeks={data.weeks} />
            )}
          </div>
        )}
      </ListState>
    </section>
  );
}

/** From/to dates; empty ones leave the server's default (the last 12 weeks). A range it refuses is said here. */
function RangeForm({
  onShow,
  shown,
  error,
}: {
  onShow: (range: FunnelRange) => void;
  shown: FunnelResponse | undefined;
  error: string | undefined;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onShow({ from, to });
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Range of registration dates"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <Field
        label={m.funnelFrom}
        type="date"
        value={from}
        error={error}
        onChange={(e) => setFrom(e.target.value)}
        className="sm:w-48"
      />
      <Field label={m.funnelTo} type="date" value={to} onChange={(e) => setTo(e.target.value)} className="sm:w-48" />
      <Button type="submit" variant="outline" className="sm:mt-6">
        Show
      </Button>
      {shown && (
        <p className="text-sm text-slate-700 sm:mt-8" data-testid="funnel-range">
          {m.funnelShowing(formatDate(shown.from), formatDate(shown.to))}
        </p>
      )}
    </form>
  );
}

/** Each stage's total as a bar (its share of those who registered) with its conversion rates. */
function StageTotals({ totals }: { totals: FunnelResponse['totals'] }) {
  return (
    <ol aria-label="Funnel totals" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {stageFigures(totals).map((figure) => (
        <li
          key={figure.stage}
          data-testid={`funnel-${figure.stage}`}
          className="grid gap-1 sm:grid-cols-[10rem_1fr_16rem] sm:items-center sm:gap-3"
        >
          <span className="flex items-baseline justify-between gap-2 sm:block">
            <span className="text-sm font-medium text-slate-800">{figure.label}</span>{' '}
            <strong className="text-lg text-slate-900 sm:block" data-testid="funnel-count">
              {figure.count.toLocaleString('en-GB')}
            </strong>
          </span>
          <span className="block h-3 rounded-full bg-slate-100" aria-hidden>
            <span
              className="block h-3 rounded-full bg-brand-600"
              style={{ width: `${(figure.width * 100).toFixed(1)}%` }}
            />
          </span>
          <span className="text-sm text-slate-700" data-testid="funnel-rate">
            {figure.fromPrevious ? (
              <>
                {figure.fromPrevious}
                <span className="block text-slate-600">{figure.fromStart}</span>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function RemindersLine({ reminders }: { reminders: FunnelResponse['reminders'] }) {
  return (
    <p
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-sm"
      data-testid="funnel-reminders"
    >
      <span className="font-semibold text-slate-900">{m.remindersTitle}: </span>
      {m.remindersSummary(reminders.sent, reminders.recovered, formatPence(reminders.recovered_revenue_pence))}
    </p>
  );
}
