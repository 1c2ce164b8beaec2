import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { paths } from '@shared/routes';

export function AdminHeader({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <Link to={paths.home} className="text-sm font-semibold text-brand-700 hover:underline">
            Video Book Review Specialist
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        </div>
        <Button variant="outline" onClick={onLogout} loading={loggingOut}>
          <LogOut className="size-4" aria-hidden />
          Logout
        </Button>
      </div>
    </header>
  );
}
