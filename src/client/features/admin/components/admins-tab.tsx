import { KeyRound, Trash2 } from 'lucide-react';
import { messages } from '@shared/messages';
import type { AdminAccount } from '@shared/schemas/admin-auth';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@shared/statuses';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import { useAdminAccounts } from '../api/admin-accounts';
import { useAdminMe } from '../api/admin-me';
import { ConfirmAdminActionDialog } from './confirm-admin-action-dialog';
import { DataTable, type Column } from './data-table';
import { InviteAdminForm } from './invite-admin-form';
import { useAdminRowActions, type AdminRowActions } from './use-admin-row-actions';

/** Owners: the admins, with role changes, two-factor reset and removal (never the last owner: the server says 409). */
export function AdminsTab() {
  const accounts = useAdminAccounts();
  const me = useAdminMe();
  const actions = useAdminRowActions();

  return (
    <div className="space-y-4">
      <InviteAdminForm />
      <DataTable
        heading="Admins"
        query={accounts}
        empty={messages.adminSecurity.noAdmins}
        columns={adminColumns(actions, me.data?.username)}
        rows={accounts.data?.admins ?? []}
        rowKey={(a) => a.username}
        rowTestId="admin-row"
        cardsOnPhones
        after={
          <ConfirmAdminActionDialog
            pending={actions.pending}
            loading={actions.confirming}
            onConfirm={actions.confirm}
            onClose={actions.close}
          />
        }
      />
    </div>
  );
}

/** The admins table's columns; `myUsername` is marked "(you)". */
function adminColumns(actions: AdminRowActions, myUsername: string | undefined): Array<Column<AdminAccount>> {
  return [
    {
      header: 'Username',
      card: 'title',
      cell: (a) => (
        <span className="font-medium">
          {a.username}
          {a.username === myUsername && <span className="text-slate-600"> (you)</span>}
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
          disabled={actions.roleChanging}
          onChange={(e) => actions.changeRole(a.username, e.target.value as AdminRole)}
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
      cell: (a) => <AdminRowButtons admin={a} self={a.username === myUsername} onAsk={actions.ask} />,
    },
  ];
}

/** Reset 2FA (when it is on) and Remove, each asked first; not Remove on one's own row (the server refuses it). */
function AdminRowButtons({
  admin: a,
  self,
  onAsk,
}: {
  admin: AdminAccount;
  self: boolean;
  onAsk: (action: { kind: 'remove' | 'reset'; username: string }) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {a.totp_enabled && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAsk({ kind: 'reset', username: a.username })}
          aria-label={`Reset 2FA of ${a.username}`}
        >
          <KeyRound className="size-4" aria-hidden />
          Reset 2FA
        </Button>
      )}
      {!self && (
        <Button
          size="sm"
          variant="danger"
          onClick={() => onAsk({ kind: 'remove', username: a.username })}
          aria-label={`Remove ${a.username}`}
        >
          <Trash2 className="size-4" aria-hidden />
          Remove
        </Button>
      )}
    </div>
  );
}
