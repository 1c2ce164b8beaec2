/**
 * Where a toast goes so that it lies over no form field and no button the visitor is using (on a
 * phone a bottom toast sat on the Pay button; on a short desktop on the form's fields): at the
 * bottom by default (docs/decisions/036), at the top, just below the header, when the bottom band
 * would cover more of what matters. Chosen when the toast is raised, and again while it shows
 * whenever the page scrolls, resizes or moves the focus (lib/toast.ts).
 */

/** The Toaster's offsets (components/layout/site-chrome.tsx): bottom clear of the help launcher, top of the header. */
export const TOAST_OFFSET = { top: 76, bottom: 72, side: 16 } as const;
/** Sonner's toast width on desktops, and the width under which toasts span the screen. */
const TOAST_WIDTH = 356;
const PHONE_MAX_WIDTH = 600;
/** A toast of two lines with its padding: the band a toast may take. */
const TOAST_BAND_HEIGHT = 96;

export type ToastPosition = 'bottom-right' | 'top-center';

interface Band {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The controls a toast must not cover, the form's own action most: a tap must always reach it. */
const CONTROL_WEIGHTS: ReadonlyArray<[selector: string, weight: number]> = [
  // Pay and the wizard's Continue count on top of being controls.
  ['button[type="submit"], [data-primary-action]', 20],
  [
    'input:not([type="hidden"]), select, textarea, iframe, button, [role="button"], [role="radio"], [role="combobox"]',
    10,
  ],
];
const FOCUSED_WEIGHT = 100;
/**
 * Headings only settle a tie between bands that cover the same controls: however many of them (a
 * phone's five step labels and the page title), covering them is better than covering one control.
 */
const HEADINGS = 'h1, h2, h3, nav[aria-label="Enrollment progress"] li';

function bands(width: number, height: number): Record<ToastPosition, Band> {
  const phone = width < PHONE_MAX_WIDTH;
  const bottomLeft = phone ? TOAST_OFFSET.side : width - TOAST_OFFSET.side - TOAST_WIDTH;
  const topLeft = phone ? TOAST_OFFSET.side : (width - TOAST_WIDTH) / 2;
  const span = phone ? width - 2 * TOAST_OFFSET.side : TOAST_WIDTH;
  return {
    'bottom-right': {
      left: bottomLeft,
      right: bottomLeft + span,
      top: height - TOAST_OFFSET.bottom - TOAST_BAND_HEIGHT,
      bottom: height - TOAST_OFFSET.bottom,
    },
    'top-center': {
      left: topLeft,
      right: topLeft + span,
      top: TOAST_OFFSET.top,
      bottom: TOAST_OFFSET.top + TOAST_BAND_HEIGHT,
    },
  };
}

const overlaps = (box: DOMRect, band: Band) =>
  box.width > 0 &&
  box.height > 0 &&
  box.left < band.right &&
  band.left < box.right &&
  box.top < band.bottom &&
  band.top < box.bottom;

/** Elements of the page itself: not the toasts, nor the floating help launcher or sign-up widget. */
const inPage = (element: Element) =>
  !element.closest('[data-sonner-toaster], aside[aria-label="Help"], [data-floating]') &&
  getComputedStyle(element).visibility !== 'hidden';

const coveredIn = (band: Band, selector: string) =>
  Array.from(document.querySelectorAll(selector)).filter(
    (element) => inPage(element) && overlaps(element.getBoundingClientRect(), band),
  ).length;

interface Cost {
  controls: number;
  headings: number;
}

function cost(band: Band): Cost {
  let controls = 0;
  for (const [selector, weight] of CONTROL_WEIGHTS) controls += weight * coveredIn(band, selector);
  const focused = document.activeElement;
  if (focused && focused !== document.body && inPage(focused) && overlaps(focused.getBoundingClientRect(), band))
    controls += FOCUSED_WEIGHT;
  return { controls, headings: coveredIn(band, HEADINGS) };
}

const less = (a: Cost, b: Cost) => a.controls < b.controls || (a.controls === b.controls && a.headings < b.headings);

/**
 * The bottom unless the top band covers fewer of the controls on screen now (or as few, and fewer
 * headings). A toast already showing (`current`) moves only when its band covers something and the
 * other covers less.
 */
export function toastPosition(current: ToastPosition = 'bottom-right'): ToastPosition {
  const candidates = bands(window.innerWidth, window.innerHeight);
  const other: ToastPosition = current === 'bottom-right' ? 'top-center' : 'bottom-right';
  const here = cost(candidates[current]);
  if (here.controls === 0 && here.headings === 0) return current;
  return less(cost(candidates[other]), here) ? other : current;
}
