import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { useContactMessages } from '../api/get-messages';
import { useMarkMessageRead } from '../api/mark-message-read';
import { ListSection } from './data-table';
import { PAGE_SIZE } from './list-parts';
import { MessageReplies } from './message-replies';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

export function MessagesTab() {
  const [page, setPage] = useState(1);
  const list = useContactMessages({ page, page_size: PAGE_SIZE });
  const markRead = useMarkMessageRead();
  const rows = list.data?.messages ?? [];
  return (
    <ListSection
      heading={
        <>
          Messages{' '}
          {list.data ? <span className="text-base font-normal text-slate-600">({list.data.unread} unread)</span> : null}
        </>
      }
      query={list}
      isEmpty={rows.length === 0}
      empty={messages.admin.noMessages}
      pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
    >
      <ul className="space-y-3">
        {rows.map((m) => (
          <li
            key={m.id}
            data-testid="contact-message"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-slate-900">{m.subject || 'No subject'}</h3>
                <p className="text-sm text-slate-700">
                  {m.name} ·{' '}
                  <a className="text-brand-700 underline" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>{' '}
                  · {when.format(new Date(m.created_at))}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone="slate">{m.category}</Badge>
                {m.read ? (
                  <Badge tone="green">Read</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={markRead.isPending && markRead.variables === m.id}
                    onClick={() => markRead.mutate(m.id, { onError: () => toast.error(messages.admin.markReadFailed) })}
                  >
                    Mark as read
                  </Button>
                )}
              </div>
            </div>
            <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{m.message}</p>
            <MessageReplies messageId={m.id} email={m.email} replies={m.replies} />
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
