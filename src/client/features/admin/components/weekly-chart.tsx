import { useLayoutEffect, useRef, useState } from 'react';
import type { WeeklyFigure } from '@shared/schemas/admin';
import { formatPence, poundsToPence } from '@shared/money';

const HEIGHT = 168;
/** Room for the enrolment axis (left), the revenue axis (right) and the week labels (bottom). */
const PAD = { top: 10, right: 52, bottom: 24, left: 32 };
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekLabel = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));
const poundsAxis = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A round number at or above `value`, so the axis reads well. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= value) ?? 10 * magnitude;
}

/** The element's width in CSS pixels, kept up to date (the chart is drawn at that width, not scaled). */
function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.floor(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Enrolments (bars, left axis) and revenue (line, right axis) for the last 12 weeks: the whole card
 * wide and 168 px tall, drawn at its real width so the labels keep their size; gridlines at 0, half
 * and the top with both axes' labels on them. The SVG has a title and summary for screen readers,
 * and the same figures are in a table under "Show figures".
 */
export function WeeklyChart({ weeks }: { weeks: WeeklyFigure[] }) {
  const [box, width] = useWidth<HTMLDivElement>(640);
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  // An even top, so the half-way gridline has a whole number too.
  const maxEnrol = Math.max(2, Math.ceil(niceMax(Math.max(...weeks.map((w) => w.enrollments))) / 2) * 2);
  const maxRevenue = niceMax(Math.max(...weeks.map((w) => w.revenue)));
  const slot = innerW / Math.max(weeks.length, 1);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yOf = (fraction: number) => PAD.top + innerH - fraction * innerH;
  const totalEnrol = weeks.reduce((sum, w) => sum + w.enrollments, 0);
  const totalRevenue = formatPence(poundsToPence(weeks.reduce((sum, w) => sum + w.revenue, 0)));
  const summary = `Over the last ${weeks.length} weeks: ${enrollmentCount(totalEnrol)} and ${totalRevenue} revenue.`;
  // A week label every `every` bars, so labels (about 44 px) never touch.
  const every = Math.max(1, Math.ceil(48 / slot));
  const ticks = [0, 0.5, 1];

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <span>
          <span className="block font-semibold text-slate-900">Enrollments and revenue per week</span>
          <span className="block text-sm text-slate-700" data-testid="weekly-totals">
            Last {weeks.length} weeks: <strong>{totalEnrol}</strong> {totalEnrol === 1 ? 'enrollment' : 'enrollments'},{' '}
            <strong>{totalRevenue}</strong>
          </span>
        </span>
        <span className="flex gap-4 text-xs text-slate-700">
          <span className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm bg-brand-600" aria-hidden />
            Enrollments (left)
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden />
            Revenue (right)
          </span>
        </span>
      </figcaption>
      <div ref={box} className="mt-3 w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block"
          role="img"
          aria-labelledby="weekly-chart-title weekly-chart-desc"
          data-testid="weekly-chart"
        >
          <title id="weekly-chart-title">Enrollments and revenue per week, last {weeks.length} weeks</title>
          <desc id="weekly-chart-desc">{summary}</desc>
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={yOf(t)}
                y2={yOf(t)}
                className={t === 0 ? 'stroke-slate-300' : 'stroke-slate-100'}
              />
              <text
                x={PAD.left - 6}
                y={yOf(t)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-slate-600 text-[12px]"
                data-testid="axis-left"
              >
                {maxEnrol * t}
              </text>
              <text
                x={width - PAD.right + 6}
                y={yOf(t)}
                dominantBaseline="middle"
                className="fill-slate-600 text-[12px]"
                data-testid="axis-right"
              >
                {poundsAxis.format(maxRevenue * t)}
              </text>
            </g>
          ))}
          {weeks.map((w, i) => (
            <g key={w.week_start}>
              <rect
                x={x(i) - slot * 0.3}
                width={slot * 0.6}
                y={yOf(w.enrollments / maxEnrol)}
                height={innerH * (w.enrollments / maxEnrol)}
                rx={2}
                className="fill-brand-600"
              >
                <title>{`Week of ${weekLabel(w.week_start)}: ${enrollmentCount(w.enrollments)}, ${formatPence(poundsToPence(w.revenue))}`}</title>
              </rect>
              {(weeks.length - 1 - i) % every === 0 && (
                <text x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-slate-600 text-[12px]">
                  {weekLabel(w.week_start)}
                </text>
              )}
            </g>
          ))}
          <polyline
            points={weeks.map((w, i) => `${x(i)},${yOf(w.revenue / maxRevenue)}`).join(' ')}
            fill="none"
            className="stroke-amber-600"
            strokeWidth={2}
          />
          {weeks.map((w, i) => (
            <circle key={w.week_start} cx={x(i)} cy={yOf(w.revenue / maxRevenue)} r={3} className="fill-amber-600" />
          ))}
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show figures</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Enrollments and revenue per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Enrollments</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <td>{weekLabel(w.week_start)}</td>
                <td>{w.enrollments}</td>
                <td>{formatPence(poundsToPence(w.revenue))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const enrollmentCount = (n: number) => `${n} ${n === 1 ? 'enrollment' : 'enrollments'}`;
