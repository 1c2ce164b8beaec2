import type { WeeklyFigure } from '@shared/schemas/admin';
import { formatPence, poundsToPence } from '@shared/money';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 18, right: 56, bottom: 30, left: 44 };
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekLabel = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));

/** A round number at or above `value`, so the axis reads well. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= value) ?? 10 * magnitude;
}

/**
 * Enrolments (bars, left axis) and revenue (line, right axis) for the last 12 weeks. The SVG has a
 * title and summary for screen readers, and the same figures are in a table under "Show figures".
 */
export function WeeklyChart({ weeks }: { weeks: WeeklyFigure[] }) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const maxEnrol = niceMax(Math.max(...weeks.map((w) => w.enrollments)));
  const maxRevenue = niceMax(Math.max(...weeks.map((w) => w.revenue)));
  const slot = innerW / Math.max(weeks.length, 1);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yEnrol = (v: number) => PAD.top + innerH - (v / maxEnrol) * innerH;
  const yRevenue = (v: number) => PAD.top + innerH - (v / maxRevenue) * innerH;
  const totalEnrol = weeks.reduce((sum, w) => sum + w.enrollments, 0);
  const totalRevenue = weeks.reduce((sum, w) => sum + w.revenue, 0);
  const summary = `Over the last ${weeks.length} weeks: ${totalEnrol} enrolments and ${formatPence(poundsToPence(totalRevenue))} revenue.`;

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Enrolments and revenue per week</span>
        <span className="flex gap-4 text-xs text-slate-700">
          <span className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm bg-brand-600" aria-hidden />
            Enrolments
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden />
            Revenue
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full max-w-2xl"
        role="img"
        aria-labelledby="weekly-chart-title weekly-chart-desc"
      >
        <title id="weekly-chart-title">Enrolments and revenue per week, last {weeks.length} weeks</title>
        <desc id="weekly-chart-desc">{summary}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className="stroke-slate-300"
        />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-slate-600 text-[13px]">
          {maxEnrol}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className="fill-slate-600 text-[13px]">
          0
        </text>
        <text x={WIDTH - PAD.right + 6} y={PAD.top + 4} className="fill-slate-600 text-[13px]">
          £{maxRevenue}
        </text>
        {weeks.map((w, i) => (
          <g key={w.week_start}>
            <rect
              x={x(i) - slot * 0.3}
              width={slot * 0.6}
              y={yEnrol(w.enrollments)}
              height={PAD.top + innerH - yEnrol(w.enrollments)}
              className="fill-brand-600"
            >
              <title>{`Week of ${weekLabel(w.week_start)}: ${w.enrollments} enrolments, ${formatPence(poundsToPence(w.revenue))}`}</title>
            </rect>
            {i % 3 === 0 && (
              <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-600 text-[13px]">
                {weekLabel(w.week_start)}
              </text>
            )}
          </g>
        ))}
        <polyline
          points={weeks.map((w, i) => `${x(i)},${yRevenue(w.revenue)}`).join(' ')}
          fill="none"
          className="stroke-amber-600"
          strokeWidth={2}
        />
        {weeks.map((w, i) => (
          <circle key={w.week_start} cx={x(i)} cy={yRevenue(w.revenue)} r={3} className="fill-amber-600" />
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show figures</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Enrolments and revenue per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Enrolments</th>
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
