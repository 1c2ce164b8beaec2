import { verifyPageCertificateId } from '@shared/routes';
import { HEADER_LINKS_ISLAND, HeaderLinks } from './components/layout/brand-shell';
import { HELP_LAUNCHER_ISLAND, HelpLauncher } from './components/layout/help-launcher';
import {
  CHECK_ANOTHER_ISLAND,
  CheckAnotherForm,
  VERIFICATION_RESULT_ISLAND,
  VerificationStatus,
} from './features/certificates/components/verify-certificate';
import { hydrateIslands, renderWholePage, type IslandRenderer } from './hydrate-islands';

/**
 * The entry of /verify/{id} (main.tsx chooses): the server renders the page with its result, and only
 * the result, the form and the header's links and help are hydrated (the router and the rest of the
 * page stay out of the phone's work). When the server sent its SPA shell instead (its render failed,
 * or an address made too many pages), the whole page is rendered here.
 */
const islands = new Map<string, IslandRenderer>([
  [VERIFICATION_RESULT_ISLAND, (props: { certificateId: string }) => <VerificationStatus {...props} />],
  [CHECK_ANOTHER_ISLAND, () => <CheckAnotherForm />],
  [HELP_LAUNCHER_ISLAND, () => <HelpLauncher />],
  [HEADER_LINKS_ISLAND, () => <HeaderLinks />],
]);

const root = document.getElementById('root')!;
if (root.firstElementChild) hydrateIslands(root, islands, 'the verification page');
else {
  const certificateId = verifyPageCertificateId(window.location.pathname) ?? '';
  renderWholePage(root, () =>
    import('./verify-app').then(({ VerifyApp }) => <VerifyApp certificateId={certificateId} />),
  );
}
