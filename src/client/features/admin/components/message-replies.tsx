/** Under a contact message: the replies sent so far (who, when, what) and a form to send another by email. */
import { useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { messageReplyBody, type ContactReply } from '@shared/schemas/admin';
import { useReplyToMessage } from '../api/reply-to-message';

const m = messages.adminOutreach;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

export function MessageReplies({
  messageId,
  email,
  replies,
}: {
  messageId: string;
  email: string;
  replies: readonly ContactReply[];
}) {
  return (
    <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      {replies.length > 0 && (
        <ol aria-label={m.repliesLabel(replies.length)} className="space-y-2" data-testid="message-replies">
          {replies.map((reply) => (
            <li key={reply.id} className="rounded-lg border-l-4 border-brand-600 bg-brand-50 p-3 text-sm">
              <p className="text-slate-700">
                <span className="font-semibold text-slate-900">{reply.admin_username}</span> ·{' '}
                {when.format(new Date(reply.created_at))}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm messageId={messageId} email={email} />
    </div>
  );
}

function ReplyForm({ messageId, email }: { messageId: string; email: string }) {
  const reply = useReplyToMessage();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = messageReplyBody.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reply.mutate(
      { id: messageId, body: checked.data.body },
      {
        onSuccess: () => {
          toast.success(m.replySent(email));
          setBody('');
        },
        onError: (failure) => toast.error(errorDetail(failure, m.replyFailed)),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <TextAreaField
        label={m.replyLabel}
        value={body}
        onChange={setBody}
        rows={3}
        maxLength={5000}
        hint={m.replyHint}
        error={error}
        className=""
      />
      <Button type="submit" size="sm" loading={reply.isPending}>
        {m.sendReply}
      </Button>
    </form>
  );
}
