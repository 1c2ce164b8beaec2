import { CalendarClock, CheckCircle2, Circle, Lock } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { Card } from '@client/components/ui/card';
import { errorDetail } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { courseDatesFrom, londonIsoDate } from '@shared/schedule';
import { COURSES, type CourseType } from '@shared/catalogue';
import { useCatalogue } from '@client/lib/catalogue';
import { messages } from '@shared/messages';
import type { StudentProgress } from '@shared/schemas/student-area';
import { useUpdateStage } from '../api/update-stage';

/**
 * The course's stages as checkboxes; locked (and saying why) until the ID is approved. Before the
 * course start date (by the server's clock: `daysUntilStart`) the stages are listed without tick
 * boxes, under the start date and a countdown. After it, a stage the calendar has not opened yet
 * (its `opens_on` after today in the UK) shows a disabled box and the day it opens.
 */
export function CourseStages({
  studentId,
  course,
  progress,
  locked,
  startDate,
  daysUntilStart,
  lastStageByPass = false,
}: {
  studentId: string;
  course: CourseType;
  progress: StudentProgress;
  locked: boolean;
  /** The course's start date (ISO), for the dates beside the stages. */
  startDate: string | null;
  /** Days until the start date, from the server; 0 once started, null without a date. */
  daysUntilStart: number | null;
  /** The final assessment is on: the last stage is completed by a passed piece, not ticked here. */
  lastStageByPass?: boolean;
}) {
  const notStarted = startDate !== null && daysUntilStart !== null && daysUntilStart > 0;
  const dates = startDate ? courseDatesFrom(startDate) : null;
  const { title, stages } = COURSES[course];
  const moduleCount = useCatalogue()?.courses[course].modules.length;
  const update = useUpdateStage(studentId);
  const done = [...progress.foundation_progress, ...progress.pro_progress];

  const toggle = (stageNumber: number) => {
    const completed = !done[stageNumber - 1];
    update.mutate(
      { stage_number: stageNumber, completed },
      {
        onSuccess: () => toast.success(messages.student.stageMarked(stageNumber, completed)),
        onError: (error) => toast.error(errorDetail(error, messages.student.progressUpdateFailed)),
      },
    );
  };

  return (
    <Card aria-labelledby="stages-heading" className={cn('space-y-4', locked && 'bg-slate-50')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stages-heading" className="text-lg font-bold">
          Course Stages
        </h2>
        <p className="text-sm font-semibold text-brand-800">{title}</p>
      </div>
      {dates && <CourseDates dates={dates} />}
      {moduleCount !== undefined && (
        <p className="text-sm text-slate-700">{messages.student.modulesVsStages(title, moduleCount, stages.length)}</p>
      )}
      {notStarted && <StartCountdown daysUntilStart={daysUntilStart} startDate={startDate} />}
      {notStarted ? (
        <UpcomingStages stages={stages} opensOn={progress.stages.map((stage) => stage.opens_on)} />
      ) : (
        <StageChecklist
          stages={stages}
          done={done}
          opensOn={progress.stages.map((stage) => stage.opens_on)}
          locked={locked}
          lastStageByPass={lastStageByPass}
          pending={update.isPending}
          onToggle={toggle}
        />
      )}
    </Card>
  );
}

function CourseDates({ dates }: { dates: ReturnType<typeof courseDatesFrom> }) {
  return (
    <dl
      aria-label="Your course dates"
      className="grid grid-cols-3 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      {(
        [
          ['Starts', dates.start_date],
          ['Ends', dates.end_date],
          ['Graduation', dates.graduation_date],
        ] as const
      ).map(([label, iso]) => (
        <div key={label}>
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold">{formatDate(iso)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Before the start date: how many days are left and when the stages open. */
function StartCountdown({ daysUntilStart, startDate }: { daysUntilStart: number; startDate: string }) {
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900"
      role="note"
      data-testid="course-countdown"
    >
      <CalendarClock className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden />
      <div>
        <p className="text-lg font-bold">{messages.student.startsIn(daysUntilStart)}</p>
        <p>{messages.student.stagesOpenOn(formatDate(startDate))}</p>
      </div>
    </div>
  );
}

/** The stages before the course starts: listed with the day each opens, with nothing to tick yet. */
function UpcomingStages({ stages, opensOn }: { stages: readonly string[]; opensOn: (string | null)[] }) {
  return (
    <ol className="space-y-2" aria-label="Course stages">
      {stages.map((stage, index) => (
        <li key={stage} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
          <CalendarClock className="size-5 shrink-0 text-slate-500" aria-hidden />
          <span className="flex flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
            <span>
              <span className="font-semibold">Stage {index + 1}:</span> {stage}
            </span>
            {opensOn[index] && (
              <span className="text-sm text-slate-700" data-testid="stage-opens">
                {messages.student.stageOpensLabel(formatDate(opensOn[index]))}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

function StageChecklist({
  stages,
  done,
  opensOn,
  locked,
  lastStageByPass,
  pending,
  onToggle,
}: {
  stages: readonly string[];
  done: boolean[];
  lastStageByPass: boolean;
  /** The day each stage opens (ISO), null without a start date. */
  opensOn: (string | null)[];
  locked: boolean;
  pending: boolean;
  onToggle: (stageNumber: number) => void;
}) {
  const today = londonIsoDate(new Date());
  return (
    <>
      {locked && (
        <p
          className="flex items-center gap-2 rounded-lg bg-slate-200 p-3 text-sm font-medium text-slate-800"
          role="note"
        >
          <Lock className="size-4 shrink-0" aria-hidden /> {messages.student.idLockedStages}
        </p>
      )}
      <ul className={cn('space-y-2', locked && 'opacity-60')} aria-label="Course stages">
        {stages.map((stage, index) => {
          const number = index + 1;
          const checked = Boolean(done[index]);
          const opens = opensOn[index] ?? null;
          // A ticked stage can always be unticked; an unticked one waits for its day.
          const closed = !checked && opens !== null && opens > today;
          const byPass = lastStageByPass && number === stages.length;
          return (
            <li key={stage}>
              <label
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-lg border p-3',
                  checked ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white',
                  locked || closed || byPass ? 'cursor-not-allowed' : 'cursor-pointer hover:border-brand-500',
                )}
              >
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={checked}
                  disabled={locked || closed || byPass || pending}
                  onChange={() => onToggle(number)}
                />
                <span className="flex flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
                  <span>
                    <span className="font-semibold">Stage {number}:</span> {stage}
                  </span>
                  {closed && opens && (
                    <span className="text-sm text-slate-700" data-testid="stage-opens">
                      {messages.student.stageOpensLabel(formatDate(opens))}
                    </span>
                  )}
                  {byPass && !closed && <span className="text-sm">{messages.assessment.lastStageLabel}</span>}
                </span>
                {locked || closed ? (
                  <Lock className="size-4 text-slate-500" aria-hidden />
                ) : checked ? (
                  <CheckCircle2 className="size-5 text-emerald-700" aria-hidden />
                ) : (
                  <Circle className="size-5 text-slate-400" aria-hidden />
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </>
  );
}
