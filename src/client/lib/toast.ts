/**
 * The site's toasts (every page's go through here): Sonner's module loads with the first toast
 * instead of with the page, so it is not in the first load of the pages a visit starts on. The
 * toaster itself loads right after hydration (components/layout/site-chrome.tsx), so by the time
 * someone acts the module is normally there and the toast shows at once. If it cannot load, the
 * toast is left out, as the toaster is.
 *
 * A success closes the error toasts still showing: it is what resolved them (after a right code,
 * "That code is not right" no longer stands beside "Welcome back!").
 *
 * Each toast is placed where it covers no field or button in use (lib/toast-placement.ts), measured
 * once the page has drawn what the action changed.
 */
import { toastPosition } from './toast-placement';

type Kind = 'success' | 'error' | 'info';

const openErrors = new Set<string | number>();

/** `id`: one toast for one cause, however often it is raised (Sonner replaces a toast of the same id). */
const show = (kind: Kind) => (message: string, options?: { id?: string }) => {
  void import('sonner')
    .then(async (sonner) => {
      await nextFrames();
      return sonner;
    })
    .then(({ toast }) => {
      if (kind === 'success') {
        for (const id of openErrors) toast.dismiss(id);
        openErrors.clear();
      }
      const position = toastPosition();
      const id = toast[kind](
        message,
        kind === 'error' ? { ...options, position, onDismiss: forget, onAutoClose: forget } : { ...options, position },
      );
      if (kind === 'error') openErrors.add(id);
    })
    .catch(() => undefined);
};

function forget(closed: { id: string | number }) {
  openErrors.delete(closed.id);
}

/** Two frames: React has committed what the action changed and the browser has laid it out. */
const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Closes every toast: a signed-out visitor is not left with "Payment successful!" from the session that ended. */
function dismissAll() {
  openErrors.clear();
  void import('sonner').then(({ toast }) => toast.dismiss()).catch(() => undefined);
}

export const toast = { success: show('success'), error: show('error'), info: show('info'), dismissAll };
