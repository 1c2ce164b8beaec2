import { LogOut } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { BrandHeader } from '@client/components/layout/brand-shell';

/** The site's header, as wide as the dashboard, with Logout in place of the public links. */
export function AdminHeader({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  return (
    <BrandHeader width="wide">
      <Button variant="outline" size="sm" onClick={onLogout} loading={loggingOut}>
        <LogOut className="size-4" aria-hidden />
        Logout
      </Button>
    </BrandHeader>
  );
}
