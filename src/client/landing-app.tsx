import { NavigationProvider, plainNavigation } from './components/layout/navigation';
import { SiteChrome } from './components/layout/site-chrome';
import LandingPage from './features/landing/routes/landing-page';
import { WithQueryClient } from './lib/query-client';

/**
 * The landing page as its own app, without the router (docs/decisions/019): what entry-server.tsx
 * prerenders for `/` (landing-entry.tsx then hydrates its islands only). Its links to other pages
 * are plain links.
 */
export function LandingApp() {
  return (
    <NavigationProvider value={plainNavigation}>
      <SiteChrome>
        <WithQueryClient>
          <LandingPage />
        </WithQueryClient>
      </SiteChrome>
    </NavigationProvider>
  );
}
