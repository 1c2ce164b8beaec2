/** The weekly chart's geometry and labels, apart from its drawing (weekly-chart-plot.tsx). */
import type { WeeklyFigure } from '@shared/schemas/admin';
import { formatPence, poundsToPence } from '@shared/money';
import { plural } from '@shared/plural';

export const HEIGHT = 168;
/** Room for the enrolment axis (left), the revenue axis (right) and the week labels (bottom). */
export const PAD = { top: 10, right: 52, bottom: 24, left: 32 };
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
export const weekLabel = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));
export const poundsAxis = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  maximumFractionDigits: 1,
});
export const enrollmentCount = (n: number) => `${n} ${plural(n, { one: 'enrollment', other: 'enrollments' })}`;
export const revenueText = (pounds: number) => formatPence(poundsToPence(pounds));

/** A round number at or above `value`, so the axis reads well. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= value) ?? 10 * magnitude;
}

export type ChartScale = ReturnType<typeof chartScale>;

/** Where the weeks go on a chart `width` px wide and HEIGHT px tall: one slot per week, both axes' tops. */
export function chartScale(weeks: readonly WeeklyFigure[], width: number) {
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  // An even top, so the half-way gridline has a whole number too.
  const maxEnrol = Math.max(2, Math.ceil(niceMax(Math.max(...weeks.map((w) => w.enrollments))) / 2) * 2);
  const maxRevenue = niceMax(Math.max(...weeks.map((w) => w.revenue)));
  const slot = innerW / Math.max(weeks.length, 1);
  return {
    width,
    innerH,
    maxEnrol,
    maxRevenue,
    slot,
    // A week label every `every` bars, so labels (about 44 px) never touch.
    every: Math.max(1, Math.ceil(48 / slot)),
    /** The centre of week `i`'s slot. */
    x: (i: number) => PAD.left + slot * i + slot / 2,
    /** The height of a fraction (0–1) of an axis. */
    yOf: (fraction: number) => PAD.top + innerH - fraction * innerH,
  };
}
