/**
 * Sonner's toasts for the pages a first visit lands on (the wizard, the student sign-in): Sonner's
 * module loads with the first toast instead of with the page, so it is not in their first load. The
 * toaster itself loads right after hydration (components/layout/site-chrome.tsx), so by the time
 * someone acts the module is normally there and the toast shows at once. If it cannot load, the
 * toast is left out, as the toaster is.
 */
type Kind = 'success' | 'error' | 'info';

const show = (kind: Kind) => (message: string) => {
  void import('sonner').then(({ toast }) => toast[kind](message)).catch(() => undefined);
};

export const toast = { success: show('success'), error: show('error'), info: show('info') };
