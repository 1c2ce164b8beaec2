import { HEADER_LINKS_ISLAND, HeaderLinks } from './components/layout/brand-shell';
import { HELP_LAUNCHER_ISLAND, HelpLauncher } from './components/layout/help-launcher';
import { SiteToaster } from './components/layout/site-chrome';
import { CONTACT_FORM_ISLAND, ContactForm } from './features/support/components/contact-form';
import { hydrateIslands, mountAfter, renderWholePage, type IslandRenderer } from './hydrate-islands';
import { WithQueryClient } from './lib/query-client';

/**
 * The entry of /support (main.tsx chooses): the server renders the page with the settings and the
 * FAQ in force, and only the contact form, the header's links and the help launcher are hydrated (the
 * router and the rest of the page stay out of the phone's work). The toaster, for the form's toasts,
 * gets a root of its own. When the server sent its SPA shell instead (not expected for /support), the
 * whole page is rendered here.
 */
const islands = new Map<string, IslandRenderer>([
  [
    CONTACT_FORM_ISLAND,
    () => (
      <WithQueryClient>
        <ContactForm />
      </WithQueryClient>
    ),
  ],
  [HELP_LAUNCHER_ISLAND, () => <HelpLauncher />],
  [HEADER_LINKS_ISLAND, () => <HeaderLinks />],
]);

const root = document.getElementById('root')!;
if (root.firstElementChild) {
  hydrateIslands(root, islands, 'the support page');
  mountAfter(root, <SiteToaster />);
} else renderWholePage(root, () => import('./support-app').then(({ SupportApp }) => <SupportApp />));
