/**
 * The funnel by registration week: a line per stage (students registered that week who have reached
 * it by now), drawn at the card's real width like the weekly chart; a title and summary for screen
 * readers, and the figures in a table under "Show figures".
 */
import { messages } from '@shared/messages';
import { FUNNEL_STAGES, type FunnelResponse, type FunnelStage } from '../api/funnel';
import { FUNNEL_HEIGHT, FUNNEL_PAD, funnelScale, type FunnelScale } from './funnel-model';
import { useWidth } from './weekly-chart';
import { weekLabel } from './weekly-chart-model';

const m = messages.adminOutreach;
type Weeks = FunnelResponse['weeks'];

/** Each stage's colour: the line's stroke, its dots' fill and the legend's swatch. */
const COLOURS: Record<FunnelStage, { stroke: string; fill: string; swatch: string }> = {
  registered: { stroke: 'stroke-slate-500', fill: 'fill-slate-500', swatch: 'bg-slate-500' },
  fee_paid: { stroke: 'stroke-sky-600', fill: 'fill-sky-600', swatch: 'bg-sky-600' },
  course_paid: { stroke: 'stroke-brand-600', fill: 'fill-brand-600', swatch: 'bg-brand-600' },
  id_approved: { stroke: 'stroke-amber-600', fill: 'fill-amber-600', swatch: 'bg-amber-600' },
  completed: { stroke: 'stroke-emerald-600', fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
};

export function FunnelChart({ weeks }: { weeks: Weeks }) {
  const [box, width] = useWidth<HTMLDivElement>(640);
  const scale = funnelScale(weeks, width);
  const first = weeks[0]?.week;
  const summary = first
    ? `${weeks.length} weeks from ${weekLabel(first)}: ` +
      FUNNEL_STAGES.map(
        (stage) => `${weeks.reduce((sum, w) => sum + w[stage], 0)} ${m.funnelStages[stage].toLowerCase()}`,
      ).join(', ')
    : m.funnelEmpty;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <span className="font-semibold text-slate-900">By week of registration</span>
        <Legend />
      </figcaption>
      <div ref={box} className="mt-3 w-full">
        <svg
          width={width}
          height={FUNNEL_HEIGHT}
          viewBox={`0 0 ${width} ${FUNNEL_HEIGHT}`}
          className="block"
          role="img"
          aria-labelledby="funnel-chart-title funnel-chart-desc"
          data-testid="funnel-chart"
        >
          <title id="funnel-chart-title">Enrolment funnel by week of registration</title>
          <desc id="funnel-chart-desc">{summary}</desc>
          <Axis scale={scale} weeks={weeks} />
          {FUNNEL_STAGES.map((stage) => (
            <StageLine key={stage} stage={stage} weeks={weeks} scale={scale} />
          ))}
        </svg>
      </div>
      <FiguresTable weeks={weeks} />
    </figure>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {FUNNEL_STAGES.map((stage) => (
        <li key={stage} className="flex items-center gap-1">
          <span className={`inline-block h-0.5 w-4 ${COLOURS[stage].swatch}`} aria-hidden />
          {m.funnelStages[stage]}
        </li>
      ))}
    </ul>
  );
}

/** Gridlines at 0, half and the top with their counts, and the week labels along the bottom. */
function Axis({ scale, weeks }: { scale: FunnelScale; weeks: Weeks }) {
  return (
    <>
      {[0, 0.5, 1].map((t) => (
        <g key={t}>
          <line
            x1={FUNNEL_PAD.left}
            x2={scale.width - FUNNEL_PAD.right}
            y1={scale.y(scale.top * t)}
            y2={scale.y(scale.top * t)}
            className={t === 0 ? 'stroke-slate-300' : 'stroke-slate-100'}
          />
          <text
            x={FUNNEL_PAD.left - 6}
            y={scale.y(scale.top * t)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-slate-600 text-[12px]"
          >
            {scale.top * t}
          </text>
        </g>
      ))}
      {weeks.map((w, i) =>
        (weeks.length - 1 - i) % scale.every === 0 ? (
          <text
            key={w.week}
            x={scale.x(i)}
            y={FUNNEL_HEIGHT - 6}
            textAnchor="middle"
            className="fill-slate-600 text-[12px]"
          >
            {weekLabel(w.week)}
          </text>
        ) : null,
      )}
    </>
  );
}

function StageLine({ stage, weeks, scale }: { stage: FunnelStage; weeks: Weeks; scale: FunnelScale }) {
  const { stroke, fill } = COLOURS[stage];
  return (
    <g>
      <polyline
        points={weeks.map((w, i) => `${scale.x(i)},${scale.y(w[stage])}`).join(' ')}
        fill="none"
        className={stroke}
        strokeWidth={2}
      />
      {weeks.map((w, i) => (
        <circle key={w.week} cx={scale.x(i)} cy={scale.y(w[stage])} r={3} className={fill}>
          <title>{`Week of ${weekLabel(w.week)}: ${w[stage]} ${m.funnelStages[stage].toLowerCase()}`}</title>
        </circle>
      ))}
    </g>
  );
}

function FiguresTable({ weeks }: { weeks: Weeks }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-700">Show figures</summary>
      {/* Focusable: on a phone the table may scroll sideways, and the keyboard must reach that too. */}
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="group" aria-label="Funnel figures by week">
        <table
          className="w-full text-left whitespace-nowrap [&_td]:px-2 [&_td]:py-0.5 [&_th]:px-2 [&_th]:py-0.5"
          data-testid="funnel-weeks"
        >
          <caption className="sr-only">Enrolment funnel by week of registration</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {FUNNEL_STAGES.map((stage) => (
                <th key={stage} scope="col">
                  {m.funnelStages[stage]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row" className="font-normal">
                  {weekLabel(w.week)}
                </th>
                {FUNNEL_STAGES.map((stage) => (
                  <td key={stage}>{w[stage]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
