import { formatDate } from '@client/lib/format';
import { totalStages } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { courseDatesFrom, courseHasStarted, londonIsoDate, stageOpensOn } from '@shared/schedule';
import type { CompletionFacts } from '../api/get-completion-facts';

const m = messages.admin.completionCheck;

/**
 * The course dates of the facts (if a start date is known), with the day its last stage opens (the
 * stage calendar), and the warnings the admin must acknowledge (on `today`): the course has not
 * started yet, or its last stage has not opened yet, or it has not ended yet; the certificate's
 * `completionDate` is before the last stage opened; progress is below 100 %.
 */
export function completionChecks(
  facts: CompletionFacts | undefined,
  today: Date = new Date(),
  completionDate: string | null = null,
) {
  const course = facts?.courseStartDate ? courseDatesFrom(facts.courseStartDate) : null;
  const stageCount = facts?.courseType ? totalStages(facts.courseType) : null;
  const dates = course && {
    ...course,
    last_stage_opens: stageCount ? stageOpensOn(course.start_date, stageCount, stageCount) : null,
  };
  const day = londonIsoDate(today);
  const notStarted = dates !== null && !courseHasStarted(dates.start_date, today);
  // Once it has started, the later milestones it has not reached yet (the first that applies says it all).
  const lastStageShut = !notStarted && dates?.last_stage_opens != null && day < dates.last_stage_opens;
  const notEnded = !notStarted && !lastStageShut && dates !== null && day < dates.end_date;
  const completedEarly =
    completionDate !== null && dates?.last_stage_opens != null && completionDate < dates.last_stage_opens;
  const incomplete = facts !== undefined && (facts.progressPercentage ?? 0) < 100;
  const warnings = [
    notStarted && dates ? m.notStarted(formatDate(dates.start_date)) : null,
    lastStageShut && dates?.last_stage_opens ? m.lastStageNotOpen(formatDate(dates.last_stage_opens)) : null,
    notEnded && dates ? m.notEnded(formatDate(dates.end_date)) : null,
    completedEarly && completionDate && dates?.last_stage_opens
      ? m.completedBeforeLastStage(formatDate(completionDate), formatDate(dates.last_stage_opens))
      : null,
    incomplete ? m.incomplete(Math.round(facts?.progressPercentage ?? 0)) : null,
  ].filter((warning): warning is string => warning !== null);
  return { dates, warnings };
}
