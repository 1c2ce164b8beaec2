/**
 * The owner writes a broadcast, chooses who receives it (course, start date, paid or not) and sees
 * how many will, previews it, sends a test to an address they type, then sends it after a
 * confirmation. The test and the send act on a saved draft (POST /api/admin/broadcasts), saved again
 * only when the text or the segment changed since.
 */
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field, TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { broadcastBody, broadcastTestBody } from '@shared/schemas/admin-outreach';
import {
  useBroadcastCount,
  useCreateBroadcast,
  useSendBroadcast,
  useSendTestBroadcast,
  type BroadcastDraft,
} from '../api/broadcasts';
import { BroadcastPreview } from './broadcast-preview';
import { emptySegment, SegmentFields, toSegment, type SegmentForm } from './broadcast-segment';

const m = messages.adminOutreach;

type Errors = { subject?: string; body?: string; testTo?: string };

/** The problems the server would answer (the shared schemas), by field. */
function checkDraft(draft: BroadcastDraft, testTo?: string): Errors {
  const errors: Errors = {};
  const checked = broadcastBody.safeParse(draft);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if (field === 'subject' || field === 'body') errors[field] ??= issue.message;
    }
  }
  if (testTo !== undefined) {
    const to = broadcastTestBody.safeParse({ to: testTo });
    if (!to.success) errors.testTo = to.error.issues[0]?.message;
  }
  return errors;
}

export function BroadcastComposer() {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [segmentForm, setSegmentForm] = useState<SegmentForm>(emptySegment);
  const [testTo, setTestTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const segment = toSegment(segmentForm);
  const count = useBroadcastCount(segment);
  const draft: BroadcastDraft = { subject: subject.trim(), body: body.trim(), segment };
  const recipients = count.data?.recipients ?? 0;
  const actions = useBroadcastActions(draft, () => {
    setSubject('');
    setBody('');
    setSegmentForm(emptySegment);
  });

  /** Shows the draft's problems (and the test address's, when given); true when there are none. */
  function validDraft(testAddress?: string): boolean {
    const found = checkDraft(draft, testAddress);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (validDraft()) actions.setConfirming(true);
  }

  return (
    <section aria-labelledby="broadcast-compose-heading" className="space-y-4">
      <h2 id="broadcast-compose-heading" className="text-xl font-semibold">
        {m.composeTitle}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="broadcast-compose-heading"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <TextFields subject={subject} body={body} errors={errors} onSubject={setSubject} onBody={setBody} />
          <SegmentFields value={segmentForm} onChange={setSegmentForm} />
          <Audience count={count} />
          <TestSend
            value={testTo}
            error={errors.testTo}
            onChange={setTestTo}
            onSend={() => validDraft(testTo.trim()) && void actions.sendTest(testTo.trim())}
            loading={actions.testing}
          />
          <div className="border-t border-slate-100 pt-4">
            <Button type="submit" disabled={count.isPending || recipients === 0}>
              {m.sendTo(recipients)}
            </Button>
            {count.data && recipients === 0 && <p className="mt-2 text-sm text-slate-700">{m.nobodyToSend}</p>}
          </div>
        </form>
        <BroadcastPreview subject={subject} body={body} />
      </div>
      <ConfirmDialog
        open={actions.confirming}
        onOpenChange={(open) => !open && !actions.sending && actions.setConfirming(false)}
        title={m.confirmTitle}
        description={m.confirmQuestion(draft.subject, recipients)}
        confirmLabel={m.sendTo(recipients)}
        loading={actions.sending}
        onConfirm={() => void actions.send()}
      />
    </section>
  );
}

/** The test and the send of what is on screen, each with its toast; `onSent` clears the form. */
function useBroadcastActions(draft: BroadcastDraft, onSent: () => void) {
  const saveDraft = useSavedDraft();
  const sendTest = useSendTestBroadcast();
  const send = useSendBroadcast();
  const [testing, setTesting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return {
    testing,
    confirming,
    setConfirming,
    sending: saveDraft.isPending || send.isPending,
    async sendTest(to: string) {
      setTesting(true);
      try {
        const { id } = await saveDraft.save(draft);
        await sendTest.mutateAsync({ id, to });
        toast.success(m.testSent(to));
      } catch (error) {
        toast.error(errorDetail(error, m.testFailed));
      } finally {
        setTesting(false);
      }
    },
    async send() {
      try {
        const { id } = await saveDraft.save(draft);
        const result = await send.mutateAsync(id);
        toast.success(m.sent(result.queued, result.skipped));
        saveDraft.forget();
        onSent();
      } catch (error) {
        toast.error(errorDetail(error, m.sendFailed));
      } finally {
        setConfirming(false);
      }
    },
  };
}

function TextFields({
  subject,
  body,
  errors,
  onSubject,
  onBody,
}: {
  subject: string;
  body: string;
  errors: Errors;
  onSubject: (value: string) => void;
  onBody: (value: string) => void;
}) {
  return (
    <>
      <Field
        label={m.subjectLabel}
        required
        value={subject}
        maxLength={200}
        error={errors.subject}
        onChange={(e) => onSubject(e.target.value)}
      />
      <TextAreaField
        label={m.bodyLabel}
        required
        rows={8}
        maxLength={20_000}
        value={body}
        hint={m.bodyHint}
        error={errors.body}
        onChange={onBody}
        className=""
      />
    </>
  );
}

/**
 * The draft on the server for what is on screen: saved once, reused while nothing changes (so a test
 * and then the send act on one broadcast), saved anew after a change.
 */
function useSavedDraft() {
  const create = useCreateBroadcast();
  const saved = useRef<{ key: string; id: string } | null>(null);
  return {
    isPending: create.isPending,
    async save(draft: BroadcastDraft): Promise<{ id: string }> {
      const key = JSON.stringify(draft);
      if (saved.current?.key === key) return saved.current;
      const { id } = await create.mutateAsync(draft);
      saved.current = { key, id };
      return saved.current;
    },
    forget() {
      saved.current = null;
    },
  };
}

/** "N students will receive it (M unsubscribed are skipped)", kept up to date as the segment changes. */
function Audience({ count }: { count: ReturnType<typeof useBroadcastCount> }) {
  return (
    <p
      aria-live="polite"
      data-testid="broadcast-audience"
      className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-slate-900"
    >
      {count.isError
        ? m.audienceFailed
        : count.data
          ? m.audience(count.data.recipients, count.data.suppressed)
          : m.audienceLoading}
    </p>
  );
}

function TestSend({
  value,
  error,
  onChange,
  onSend,
  loading,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onSend: () => void;
  loading: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <Field
        label={m.testLabel}
        type="email"
        autoComplete="email"
        value={value}
        hint={m.testHint}
        error={error}
        onChange={(e) => onChange(e.target.value)}
        className="flex-1"
      />
      <Button variant="outline" onClick={onSend} loading={loading} className="sm:mt-6">
        {m.sendTest}
      </Button>
    </div>
  );
}
