import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to the button that opened a dialog when it closes. The opener is the
 * element focused when `open` turns true (a layout effect runs before the dialog moves focus inside);
 * pass the returned handler as the Radix `Dialog.Content` `onCloseAutoFocus`. When the opener is gone
 * (e.g. the row's button was replaced after the action), Radix's own fallback applies.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
