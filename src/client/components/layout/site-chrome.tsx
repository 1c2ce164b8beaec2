import { lazy, Suspense, type ReactNode } from 'react';
import { brandShell } from '@client/content';
import { useHydrated } from '@client/lib/use-hydrated';
import { HELP_LAUNCHER_ISLAND, HelpLauncher } from './help-launcher';
import { Island } from './island';
import { OptionalPart } from './optional-part';

// Sonner's Toaster loads after the first paint so the landing page's first load stays small.
// `toast()` calls are queued by Sonner until the Toaster mounts.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** What surrounds every page, in the router app and on the landing page's own entry: the skip link, the help launcher and the toaster (Sonner's defaults are the site's toast settings). */
export function SiteChrome({ children }: { children: ReactNode }) {
  // Not part of the prerendered HTML, so hydration matches; mounted right after.
  const hydrated = useHydrated();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {brandShell.skipLink}
      </a>
      {children}
      <Island name={HELP_LAUNCHER_ISLAND}>
        <HelpLauncher />
      </Island>
      {hydrated && (
        <OptionalPart>
          <Suspense fallback={null}>
            {/* Bottom right, above the help launcher (full width at the bottom on phones): clear of the
                page title, the header and the wizard's step labels, which a top toast covered
                (docs/decisions/036). */}
            <Toaster
              richColors
              closeButton
              position="bottom-right"
              offset={{ bottom: 72, right: 16 }}
              mobileOffset={{ bottom: 72, left: 16, right: 16 }}
            />
          </Suspense>
        </OptionalPart>
      )}
    </>
  );
}
