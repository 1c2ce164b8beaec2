import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { AdminAccount } from '@shared/schemas/admin-auth';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@shared/statuses';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useAdminAccounts, useChangeAdminRole, useRemoveAdmin, useResetAdminTotp } from '../api/admin-accounts';
import { useAdminMe } from '../api/admin-me';
import { DataTable, type Column } from './data-table';
import { InviteAdminForm } from './invite-admin-form';

type Pending = { kind: 'remove' | 'reset'; username: string } | null;

/** Owners: the admins, with role changes, two-factor reset and removal (never the last owner: the server says 409). */
export function AdminsTab() {
  const accounts = useAdminAccounts();
  const me = useAdminMe();
  const changeRole = useChangeAdminRole();
  const reset = useResetAdminTotp();
  const remove = useRemoveAdmin();
  const [pending, setPending] = useState<Pending>(null);
  const failed = (e: unknown) => toast.error(errorDetail(e, messages.adminSecurity.adminActionFailed));

  const onRole = (username: string, role: AdminRole) =>
    changeRole.mutate(
      { username, role },
      { onSuccess: () => toast.success(messages.adminSecurity.adminRoleChanged(username)), onError: failed },
    );

  function onConfirm() {
    if (!pending) return;
    const { kind, username } = pending;
    const done = {
      onSuccess: () => {
        toast.success(
          kind === 'remove'
            ? messages.adminSecurity.adminRemoved(username)
            : messages.adminSecurity.adminTotpReset(username),
        );
        setPending(null);
      },
      onError: (e: unknown) => {
        failed(e);
        setPending(null);
      },
    };
    if (kind === 'remove') remove.mutate(username, done);
    else reset.mutate(username, done);
  }

  const columns: Array<Column<AdminAccount>> = [
    {
      header: 'Username',
      card: 'title',
      cell: (a) => (
        <span className="font-medium">
          {a.username}
          {a.username === me.data?.username && <span className="text-slate-600"> (you)</span>}
        </span>
      ),
    },
    {
      header: 'Role',
      cell: (a) => (
        <select
          aria-label={`Role of ${a.username}`}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
          value={a.role}
          disabled={changeRole.isPending}
          onChange={(e) => onRole(a.username, e.target.value as AdminRole)}
        >
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {ADMIN_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      ),
    },
    {
      header: 'Two-factor',
      cell: (a) => (a.totp_enabled ? <Badge tone="green">On</Badge> : <Badge tone="slate">Off</Badge>),
    },
    { header: 'Last sign-in', cell: (a) => (a.last_login_at ? formatDate(a.last_login_at) : 'Never') },
    {
      header: 'Actions',
      card: 'actions',
      cell: (a) => (
        <div className="flex flex-wrap gap-2">
          {a.totp_enabled && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setPending({ kind: 'reset', username: a.username })}
              aria-label={`Reset 2FA of ${a.username}`}
            >
              <KeyRound className="size-4" aria-hidden />
              Reset 2FA
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            onClick={() => setPending({ kind: 'remove', username: a.username })}
            aria-label={`Remove ${a.username}`}
          >
            <Trash2 className="size-4" aria-hidden />
            Remove
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <InviteAdminForm />
      <DataTable
        heading="Admins"
        query={accounts}
        empty={messages.adminSecurity.noAdmins}
        columns={columns}
        rows={accounts.data?.admins ?? []}
        rowKey={(a) => a.username}
        rowTestId="admin-row"
        cardsOnPhones
        after={
          <ConfirmDialog
            open={pending !== null}
            onOpenChange={(open) => !open && setPending(null)}
            title={pending?.kind === 'remove' ? 'Remove admin' : 'Reset two-factor sign-in'}
            description={
              pending?.kind === 'remove'
                ? messages.adminSecurity.confirmRemoveAdmin(pending.username)
                : pending
                  ? messages.adminSecurity.confirmResetTotp(pending.username)
                  : ''
            }
            confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Reset'}
            tone={pending?.kind === 'remove' ? 'danger' : 'primary'}
            loading={remove.isPending || reset.isPending}
            onConfirm={onConfirm}
          />
        }
      />
    </div>
  );
}
