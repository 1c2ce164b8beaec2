import { paths } from '@shared/routes';
import { NavigationProvider, plainNavigation } from './components/layout/navigation';
import { SiteChrome } from './components/layout/site-chrome';
import { VerifyCertificate } from './features/certificates/components/verify-certificate';

/**
 * The certificate verification page as its own app, without the router, as the landing page is
 * (landing-app.tsx): what entry-server.tsx renders for /verify/{id}, whose entry (verify-entry.tsx)
 * hydrates its islands only. Its links to other pages are plain links. `certificateId` as the page
 * shows it: trimmed, in upper case.
 */
export function VerifyApp({ certificateId }: { certificateId: string }) {
  return (
    <NavigationProvider value={{ ...plainNavigation, pathname: paths.verifyCertificate(certificateId) }}>
      <SiteChrome>
        <VerifyCertificate certificateId={certificateId} />
      </SiteChrome>
    </NavigationProvider>
  );
}
