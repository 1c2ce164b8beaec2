import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { brandShell } from '@client/content';
import { TOAST_OFFSET } from '@client/lib/toast-placement';
import { useHydrated } from '@client/lib/use-hydrated';
import { HELP_LAUNCHER_ISLAND, HelpLauncher } from './help-launcher';
import { Island } from './island';
import { OptionalPart } from './optional-part';

// Sonner's Toaster loads after the first paint so the landing page's first load stays small.
// `toast()` calls are queued by Sonner until the Toaster mounts.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Sonner's rich colours with darker text: its own measure 3.8 to 4.3:1 on their tints, under WCAG AA's
 * 4.5:1. These (Tailwind's 800/900 shades on the same tints) measure 7:1 or more. Set on the toaster
 * itself, so they win over Sonner's stylesheet.
 */
const TOAST_COLOURS = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#7c2d12',
  '--error-text': '#991b1b',
} as CSSProperties;

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
      {hydrated && <SiteToaster />}
    </>
  );
}

/**
 * The toaster, loaded after the first paint. A page that hydrates only its islands and raises toasts
 * (support-entry.tsx) mounts it in a root of its own.
 */
export function SiteToaster() {
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        {/* Bottom right, above the help launcher (full width at the bottom on phones), clear of the
            page title and the wizard's step labels (docs/decisions/036); a toast that would lie
            there over a field or button in use goes to the top, below the header
            (lib/toast-placement.ts). Colours: TOAST_COLOURS. The direction is given: the site reads
            left to right, and Sonner would otherwise read the page's computed style as it renders. */}
        <Toaster
          dir="ltr"
          richColors
          closeButton
          position="bottom-right"
          offset={{ top: TOAST_OFFSET.top, bottom: TOAST_OFFSET.bottom, right: TOAST_OFFSET.side }}
          mobileOffset={{
            top: TOAST_OFFSET.top,
            bottom: TOAST_OFFSET.bottom,
            left: TOAST_OFFSET.side,
            right: TOAST_OFFSET.side,
          }}
          style={TOAST_COLOURS}
        />
      </Suspense>
    </OptionalPart>
  );
}
