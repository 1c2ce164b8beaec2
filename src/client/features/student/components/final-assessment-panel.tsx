import { CheckCircle2, Clock, RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field, TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { ASSESSMENT_ACCEPT, ASSESSMENT_TEXT_MAX } from '@shared/assessments';
import { messages } from '@shared/messages';
import { londonIsoDate } from '@shared/schedule';
import type { StudentAssessment } from '@shared/schemas/assessments';
import { checkAssessmentFile, useSubmitAssessment } from '../api/final-assessment';

const m = messages.assessment;

/**
 * "Submit your final piece" (docs/product/student-area.md, "Final assessment"): shown under the stages
 * while the school asks for one. Waiting, passed and resubmit each say so, with the assessor's feedback;
 * the form (a file or a link, and a note) is there before the first piece and after a resubmit.
 */
export function FinalAssessmentPanel({ studentId, assessment }: { studentId: string; assessment: StudentAssessment }) {
  const notOpen = assessment.opens_on !== null && assessment.opens_on > londonIsoDate(new Date());
  const canSubmit = assessment.status === 'none' || assessment.status === 'resubmit';
  return (
    <Card aria-labelledby="final-piece-heading" className="space-y-4" data-testid="final-assessment">
      <h2 id="final-piece-heading" className="text-lg font-bold">
        {m.panelTitle}
      </h2>
      <p className="text-sm text-slate-700">{m.panelIntro}</p>
      <AssessmentState assessment={assessment} />
      {canSubmit &&
        (notOpen && assessment.opens_on ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" role="note">
            {m.panelNotOpen(formatDate(assessment.opens_on))}
          </p>
        ) : (
          <SubmitForm studentId={studentId} />
        ))}
    </Card>
  );
}

function AssessmentState({ assessment }: { assessment: StudentAssessment }) {
  const { status, submitted_at: submittedAt, feedback } = assessment;
  if (status === 'none') return null;
  const tone = {
    pending: 'border-amber-200 bg-amber-50 text-amber-950',
    passed: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    resubmit: 'border-sky-200 bg-sky-50 text-sky-950',
  }[status];
  const Icon = { pending: Clock, passed: CheckCircle2, resubmit: RotateCcw }[status];
  const text = status === 'pending' ? m.pending(submittedAt ? formatDate(submittedAt) : '') : m[status];
  return (
    <div className={`space-y-2 rounded-lg border p-4 ${tone}`} role="status" data-testid="final-assessment-status">
      <p className="flex items-start gap-2 font-semibold">
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden /> {text}
      </p>
      {feedback && (
        <div>
          <p className="text-sm font-semibold">{m.feedbackHeading}</p>
          <p className="text-sm whitespace-pre-line">{feedback}</p>
        </div>
      )}
    </div>
  );
}

/** A file or a link, and an optional note; the browser checks the file first, the server decides. */
function SubmitForm({ studentId }: { studentId: string }) {
  const [kind, setKind] = useState<'file' | 'link'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmitAssessment(studentId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const issue =
      kind === 'file' ? (file ? checkAssessmentFile(file) : m.fileMissing) : url.trim() ? null : m.urlInvalid;
    setProblem(issue);
    if (issue) return;
    const piece = kind === 'file' ? { kind, file: file!, note } : { kind, url, note };
    submit.mutate(piece, {
      onSuccess: () => toast.success(m.submitted),
      onError: (error) => toast.error(errorDetail(error, m.submitFailed)),
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-800">How to send it</legend>
        {(
          [
            ['file', m.chooseFile],
            ['link', m.chooseLink],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="final-piece-kind"
              value={value}
              className="size-4 accent-brand-700"
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setProblem(null);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {kind === 'file' ? (
        <Field
          label={m.fileLabel}
          type="file"
          accept={ASSESSMENT_ACCEPT}
          hint="PDF, JPG, PNG, MP4 or MOV, up to 25 MB."
          error={problem ?? undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      ) : (
        <Field
          label={m.linkLabel}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          error={problem ?? undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
      )}
      <TextAreaField label={m.noteLabel} value={note} onChange={setNote} maxLength={ASSESSMENT_TEXT_MAX} />
      <Button type="submit" variant="primary" loading={submit.isPending}>
        {m.submit}
      </Button>
    </form>
  );
}
