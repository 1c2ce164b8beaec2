import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { AdminInviteResponse } from '@shared/schemas/admin-auth';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@shared/statuses';
import { Button } from '@client/components/ui/button';
import { Field, inputClasses } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { useInviteAdmin } from '../api/admin-accounts';
import { CopyButton } from './copy-button';

/** Add an admin: the generated password is shown here once, with a copy button. */
export function InviteAdminForm() {
  const invite = useInviteAdmin();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<AdminRole>('staff');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<AdminInviteResponse | null>(null);
  const roleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[A-Za-z0-9._@-]{3,64}$/.test(username.trim())) return setError(messages.adminSecurity.usernameFormat);
    setError(undefined);
    invite.mutate(
      { username: username.trim(), role },
      {
        onSuccess: (result) => {
          setCreated(result);
          setUsername('');
        },
        onError: (e) => {
          setError(errorDetail(e, messages.adminSecurity.adminActionFailed));
          toast.error(errorDetail(e, messages.adminSecurity.adminActionFailed));
        },
      },
    );
  }

  return (
    <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">Add an admin</h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 md:flex-row md:items-start">
        <Field
          label="Username"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={error}
          className="md:w-64"
        />
        <div className="space-y-1">
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id={roleId}
            className={`${inputClasses} h-10`}
            value={role}
            onChange={(e) => setRole(e.target.value as AdminRole)}
          >
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ADMIN_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={invite.isPending} className="md:mt-6">
          <UserPlus className="size-4" aria-hidden />
          Add admin
        </Button>
      </form>
      {created && (
        <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="text-sm font-medium">{messages.adminSecurity.adminInvited(created.username)}</p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Password:</span>
            <code data-testid="new-admin-password" className="rounded bg-white px-2 py-1 font-mono text-base break-all">
              {created.password}
            </code>
            <CopyButton text={created.password} label="Copy password" copied={messages.adminSecurity.passwordCopied} />
          </p>
          <Button size="sm" variant="outline" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}
    </div>
  );
}
