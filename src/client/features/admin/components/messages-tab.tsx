import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { useContactMessages } from '../api/get-messages';
import { useMarkMessageRead } from '../api/mark-message-read';
import { ListState, PAGE_SIZE, Pagination } from './list-parts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

export function MessagesTab() {
  const [page, setPage] = useState(1);
  const list = useContactMessages({ page, page_size: PAGE_SIZE });
  const markRead = useMarkMessageRead();
  const rows = list.data?.messages ?? [];
  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <h2 id="messages-heading" className="text-xl font-semibold">
        Messages{' '}
        {list.data ? <span className="text-base font-normal text-slate-600">({list.data.unread} unread)</span> : null}
      </h2>
      <ListState
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={rows.length === 0}
        empty={messages.admin.noMessages}
        onRetry={() => list.refetch()}
      >
        <ul className="space-y-3">
          {rows.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
                      onClick={() =>
                        markRead.mutate(m.id, { onError: () => toast.error(messages.admin.markReadFailed) })
                      }
                    >
                      Mark as read
                    </Button>
                  )}
                </div>
              </div>
              <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{m.message}</p>
            </li>
          ))}
        </ul>
      </ListState>
      <Pagination page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
