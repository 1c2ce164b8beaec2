import { useLayoutEffect, useRef, useState } from 'react';
import { plural } from '@shared/plural';
import type { WeeklyFigure } from '@shared/schemas/admin';
import { chartScale, enrollmentCount, revenueText, weekLabel } from './weekly-chart-model';
import { WeeklyChartPlot } from './weekly-chart-plot';

/** The element's width in CSS pixels, kept up to date (a chart is drawn at that width, not scaled). */
export function useWidth<E extends HTMLElement>(fallback: number) {
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
  const totalEnrol = weeks.reduce((sum, w) => sum + w.enrollments, 0);
  const totalRevenue = revenueText(weeks.reduce((sum, w) => sum + w.revenue, 0));
  const summary = `Over the last ${weeks.length} weeks: ${enrollmentCount(totalEnrol)} and ${totalRevenue} revenue.`;

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <span>
          <span className="block font-semibold text-slate-900">Enrollments and revenue per week</span>
          <span className="block text-sm text-slate-700" data-testid="weekly-totals">
            Last {weeks.length} weeks: <strong>{totalEnrol}</strong>{' '}
            {plural(totalEnrol, { one: 'enrollment', other: 'enrollments' })}, <strong>{totalRevenue}</strong>
          </span>
        </span>
        <Legend />
      </figcaption>
      <div ref={box} className="mt-3 w-full">
        <WeeklyChartPlot weeks={weeks} scale={chartScale(weeks, width)} summary={summary} />
      </div>
      <FiguresTable weeks={weeks} />
    </figure>
  );
}

function Legend() {
  return (
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
  );
}

/** The chart's figures as a table, folded under "Show figures". */
function FiguresTable({ weeks }: { weeks: WeeklyFigure[] }) {
  return (
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
              <td>{revenueText(w.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
