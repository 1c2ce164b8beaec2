import { LogOut } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { BrandLink } from '@client/components/layout/brand-shell';

export function AdminHeader({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <BrandLink className="text-sm" />
          <h1 className="mt-1 text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        </div>
        <Button variant="outline" onClick={onLogout} loading={loggingOut}>
          <LogOut className="size-4" aria-hidden />
          Logout
        </Button>
      </div>
    </header>
  );
}
