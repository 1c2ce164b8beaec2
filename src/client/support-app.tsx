import { paths } from '@shared/routes';
import { NavigationProvider, plainNavigation } from './components/layout/navigation';
import { SiteChrome } from './components/layout/site-chrome';
import SupportPage from './features/support/routes/support-page';
import { WithQueryClient } from './lib/query-client';

/**
 * The support page as its own app, without the router, as the landing page is (landing-app.tsx):
 * what entry-server.tsx renders for /support, whose entry (support-entry.tsx) hydrates its islands
 * only. Its links to other pages are plain links.
 */
export function SupportApp() {
  return (
    <NavigationProvider value={{ ...plainNavigation, pathname: paths.support }}>
      <SiteChrome>
        <WithQueryClient>
          <SupportPage />
        </WithQueryClient>
      </SiteChrome>
    </NavigationProvider>
  );
}
