import { Outlet, ScrollRestoration } from 'react-router';
import { RouterNavigation } from './router-navigation';
import { SiteChrome } from './site-chrome';

/** Wraps every page of the router app: the site's chrome around the page, and scroll restoration. */
export function RootLayout() {
  return (
    <RouterNavigation>
      <SiteChrome>
        <Outlet />
      </SiteChrome>
      {/* A fresh page load has the key 'default' on every page: key those by path instead, so one
          page's saved scroll position is never applied to another. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </RouterNavigation>
  );
}
