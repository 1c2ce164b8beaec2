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
import { toastPosition, type ToastPosition } from './toast-placement';

type Kind = 'success' | 'error' | 'info';
type Sonner = typeof import('sonner');

interface OpenToast {
  kind: Kind;
  message: string;
  options?: { id?: string };
  position: ToastPosition;
}

/** The toasts showing, to close the errors on a success and to move any that comes to lie over a control. */
const openToasts = new Map<string | number, OpenToast>();

function raise({ toast }: Sonner, id: string | number | undefined, open: OpenToast): string | number {
  const shown = toast[open.kind](open.message, {
    ...open.options,
    ...(id === undefined ? {} : { id }),
    position: open.position,
    onDismiss: forget,
    onAutoClose: forget,
  });
  openToasts.set(shown, open);
  return shown;
}

/** `id`: one toast for one cause, however often it is raised (Sonner replaces a toast of the same id). */
const show = (kind: Kind) => (message: string, options?: { id?: string }) => {
  void import('sonner')
    .then(async (sonner) => {
      await nextFrames();
      if (kind === 'success') {
        for (const [id, open] of openToasts) if (open.kind === 'error') sonner.toast.dismiss(id);
      }
      raise(sonner, options?.id, { kind, message, options, position: toastPosition() });
      watchLayout(sonner);
    })
    .catch(() => undefined);
};

function forget(closed: { id: string | number }) {
  openToasts.delete(closed.id);
}

/** Two frames: React has committed what the action changed and the browser has laid it out. */
const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

let watching = false;

/**
 * Once: after a scroll, a resize, a focus change or a change of the page's height (a new step or page
 * laid out under it), a toast that now covers a control in use moves to the other band. Never while a
 * finger or button is down: a toast moved then slides in through the place being tapped, takes the
 * release, and the tap is lost (a phone's Continue, focused by the tap itself). The check waits for
 * the release and the click it brings, then runs (the tap may have laid out a new step meanwhile).
 */
function watchLayout(sonner: Sonner) {
  if (watching) return;
  watching = true;
  let pending = false;
  let pressed = false;
  let missed = false;
  document.addEventListener('pointerdown', () => (pressed = true), { capture: true, passive: true });
  // After the click the release brings (dispatched in the same task), and then any check missed meanwhile.
  const released = () =>
    setTimeout(() => {
      pressed = false;
      if (missed) check();
    }, 0);
  document.addEventListener('pointerup', released, { capture: true, passive: true });
  document.addEventListener('pointercancel', released, { capture: true, passive: true });
  const check = () => {
    missed = pressed;
    if (pending || pressed || openToasts.size === 0) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (pressed) {
        missed = true;
        return;
      }
      for (const [id, open] of openToasts) {
        const position = toastPosition(open.position);
        if (position !== open.position) raise(sonner, id, { ...open, position });
      }
    });
  };
  window.addEventListener('scroll', check, { passive: true, capture: true });
  window.addEventListener('resize', check, { passive: true });
  document.addEventListener('focusin', check);
  new ResizeObserver(check).observe(document.body);
}

/**
 * Closes every toast: a signed-out visitor is not left with "Payment successful!" from the session that
 * ended; a payment's outcome replaces the wizard's earlier notes. A toast raised right after still
 * shows: it is raised two frames later (`show`), this closes at once.
 */
function dismissAll() {
  openToasts.clear();
  void import('sonner').then(({ toast }) => toast.dismiss()).catch(() => undefined);
}

export const toast = { success: show('success'), error: show('error'), info: show('info'), dismissAll };
