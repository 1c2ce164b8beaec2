import { useState } from 'react';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import { useCompletionFacts, type CompletionFacts } from '../api/get-completion-facts';
import { completionChecks } from './completion-checks';

const m = messages.admin.completionCheck;

/**
 * Before an admin completes a student or activates a certificate (docs/product/admin.md): the student's progress
 * and course dates, and an explicit confirmation when the course has not started yet or progress is
 * below 100%.
 */
export function CompletionConfirmDialog({
  target,
  title,
  question,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  /** The student concerned (and the certificate's completion date, when activating); null closes the dialog. */
  target: { studentId: string; search: string; name: string; completionDate?: string } | null;
  title: string;
  question: string;
  confirmLabel: string;
  loading: boolean;
  /** `confirmIncomplete`: the admin ticked the acknowledgement (sent as `confirm_incomplete`). */
  onConfirm: (confirmIncomplete: boolean) => void;
  onClose: () => void;
}) {
  const facts = useCompletionFacts(target?.studentId ?? '', target?.search ?? '', target !== null);
  const [acknowledged, setAcknowledged] = useState(false);
  const data = facts.data;
  const completionDate = target?.completionDate ?? null;
  const { dates, warnings } = completionChecks(data, new Date(), completionDate);
  const needsAcknowledgement = warnings.length > 0;
  const ready = data !== undefined && (!needsAcknowledgement || acknowledged);

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setAcknowledged(false);
          onClose();
        }
      }}
      title={title}
      description={question}
      confirmLabel={confirmLabel}
      loading={loading}
      disabled={!ready}
      onConfirm={() => onConfirm(needsAcknowledgement && acknowledged)}
    >
      <div className="mt-4 space-y-3 text-sm">
        {facts.isPending ? (
          <Spinner label={m.loading} />
        ) : facts.isError || !data ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {m.loadFailed}
          </p>
        ) : (
          <>
            <FactsList data={data} dates={dates} completionDate={completionDate} />
            {needsAcknowledgement && (
              <Acknowledgement warnings={warnings} acknowledged={acknowledged} onChange={setAcknowledged} />
            )}
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}

/** Progress (stages done), the course's start, last stage, end and graduation dates, the completion date. */
function FactsList({
  data,
  dates,
  completionDate,
}: {
  data: CompletionFacts;
  dates: ReturnType<typeof completionChecks>['dates'];
  completionDate: string | null;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-slate-700">{m.progress}</dt>
      <dd className="font-semibold" data-testid="completion-progress">
        {data.progressPercentage === null
          ? m.noProgress
          : `${Math.round(data.progressPercentage)}% (${data.completedStages}/${data.totalStages})`}
      </dd>
      <dt className="text-slate-700">{m.starts}</dt>
      <dd className="font-semibold">{dates ? formatDate(dates.start_date) : m.noDate}</dd>
      {dates && (
        <>
          {dates.last_stage_opens && (
            <>
              <dt className="text-slate-700">{m.lastStageOpens}</dt>
              <dd className="font-semibold">{formatDate(dates.last_stage_opens)}</dd>
            </>
          )}
          <dt className="text-slate-700">{m.ends}</dt>
          <dd className="font-semibold">{formatDate(dates.end_date)}</dd>
          <dt className="text-slate-700">{m.graduation}</dt>
          <dd className="font-semibold">{formatDate(dates.graduation_date)}</dd>
        </>
      )}
      {completionDate && (
        <>
          <dt className="text-slate-700">{m.completionDate}</dt>
          <dd className="font-semibold">{formatDate(completionDate)}</dd>
        </>
      )}
    </dl>
  );
}

/** The warnings, and the box the admin ticks to continue anyway. */
function Acknowledgement({
  warnings,
  acknowledged,
  onChange,
}: {
  warnings: string[];
  acknowledged: boolean;
  onChange: (acknowledged: boolean) => void;
}) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <ul className="list-disc space-y-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <label className="flex items-start gap-2 font-semibold">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={acknowledged}
          onChange={(event) => onChange(event.target.checked)}
        />
        {m.acknowledge}
      </label>
    </div>
  );
}
