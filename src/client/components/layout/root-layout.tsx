import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { brandShell } from '@client/content';
import { HelpLauncher } from './help-launcher';

// Sonner's Toaster loads after the first paint so the landing page's first load stays small.
// `toast()` calls are queued by Sonner until the Toaster mounts.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Wraps every page: the toaster (Sonner's defaults are SPEC.md's toast settings), scroll restoration and the help launcher. */
export function RootLayout() {
  // Not part of the prerendered HTML, so hydration matches; mounted right after.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {brandShell.skipLink}
      </a>
      <Outlet />
      <HelpLauncher />
      {hydrated && (
        <Suspense fallback={null}>
          {/* Top centre: clear of every page's primary action (at the bottom of forms and cards) and of
              the help launcher in the bottom-right corner (issue 16). */}
          <Toaster richColors closeButton position="top-center" />
        </Suspense>
      )}
      {/* A fresh page load has the key 'default' on every page: key those by path instead, so one
          page's saved scroll position is never applied to another. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}
