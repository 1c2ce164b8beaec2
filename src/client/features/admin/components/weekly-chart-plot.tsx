import type { WeeklyFigure } from '@shared/schemas/admin';
import {
  enrollmentCount,
  HEIGHT,
  PAD,
  poundsAxis,
  revenueText,
  weekLabel,
  type ChartScale,
} from './weekly-chart-model';

const TICKS = [0, 0.5, 1];

/** Gridlines at 0, half and the top, with the enrolment (left) and revenue (right) labels on them. */
function Gridlines({ scale }: { scale: ChartScale }) {
  const { width, yOf } = scale;
  return (
    <>
      {TICKS.map((t) => (
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
            {scale.maxEnrol * t}
          </text>
          <text
            x={width - PAD.right + 6}
            y={yOf(t)}
            dominantBaseline="middle"
            className="fill-slate-600 text-[12px]"
            data-testid="axis-right"
          >
            {poundsAxis.format(scale.maxRevenue * t)}
          </text>
        </g>
      ))}
    </>
  );
}

/** A bar of enrolments per week (its title gives the week's figures), and the week labels under some of them. */
function EnrolmentBars({ weeks, scale }: { weeks: WeeklyFigure[]; scale: ChartScale }) {
  const { x, yOf, slot, maxEnrol } = scale;
  return (
    <>
      {weeks.map((w, i) => (
        <g key={w.week_start}>
          <rect
            x={x(i) - slot * 0.3}
            width={slot * 0.6}
            y={yOf(w.enrollments / maxEnrol)}
            height={scale.innerH * (w.enrollments / maxEnrol)}
            rx={2}
            className="fill-brand-600"
          >
            <title>{`Week of ${weekLabel(w.week_start)}: ${enrollmentCount(w.enrollments)}, ${revenueText(w.revenue)}`}</title>
          </rect>
          {(weeks.length - 1 - i) % scale.every === 0 && (
            <text x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-slate-600 text-[12px]">
              {weekLabel(w.week_start)}
            </text>
          )}
        </g>
      ))}
    </>
  );
}

/** The revenue line, with a dot on each week. */
function RevenueLine({ weeks, scale }: { weeks: WeeklyFigure[]; scale: ChartScale }) {
  const { x, yOf, maxRevenue } = scale;
  return (
    <>
      <polyline
        points={weeks.map((w, i) => `${x(i)},${yOf(w.revenue / maxRevenue)}`).join(' ')}
        fill="none"
        className="stroke-amber-600"
        strokeWidth={2}
      />
      {weeks.map((w, i) => (
        <circle key={w.week_start} cx={x(i)} cy={yOf(w.revenue / maxRevenue)} r={3} className="fill-amber-600" />
      ))}
    </>
  );
}

/** The chart itself, named for screen readers by its title and `summary`. */
export function WeeklyChartPlot({
  weeks,
  scale,
  summary,
}: {
  weeks: WeeklyFigure[];
  scale: ChartScale;
  summary: string;
}) {
  const { width } = scale;
  return (
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
      <Gridlines scale={scale} />
      <EnrolmentBars weeks={weeks} scale={scale} />
      <RevenueLine weeks={weeks} scale={scale} />
    </svg>
  );
}
