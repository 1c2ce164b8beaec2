import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';

/** Wraps every page: the toaster (Sonner's defaults are SPEC.md's toast settings) and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster richColors closeButton />
      <ScrollRestoration />
    </>
  );
}
