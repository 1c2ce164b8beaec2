import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { paths } from '@shared/routes';

/**
 * How the components on the landing page's first load link to the site's own pages and read the
 * current path, without importing the router (docs/decisions/019): inside the router app
 * (components/layout/router-navigation.tsx) a link is react-router's `<Link>`; on the landing page's
 * own entry (landing-main.tsx) it is a plain `<a>`, so following it loads the next page whole.
 */
export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

export interface Navigation {
  pathname: string;
  Link: (props: AppLinkProps) => ReactNode;
}

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/** The landing page's entry: plain links, and the landing page's path. */
export const plainNavigation: Navigation = { pathname: paths.home, Link: PlainLink };

const NavigationContext = createContext<Navigation>(plainNavigation);

export const NavigationProvider = NavigationContext.Provider;

/** A link to one of the site's own pages. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

export function usePathname(): string {
  return useContext(NavigationContext).pathname;
}
