import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationProvider, type AppLinkProps } from './navigation';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** Inside the router: AppLink is react-router's Link (client-side navigation), the path is the router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const value = useMemo(() => ({ pathname, Link: RouterLink }), [pathname]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
