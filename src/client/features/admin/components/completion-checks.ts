import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import { courseDatesFrom, courseHasStarted } from '@shared/schedule';
import type { CompletionFacts } from '../api/get-completion-facts';

const m = messages.admin.completionCheck;

/**
 * The course dates of the facts (if a start date is known) and the warnings the admin must
 * acknowledge: the course has not started yet (on `today`), progress is below 100 %.
 */
export function completionChecks(facts: CompletionFacts | undefined, today?: Date) {
  const dates = facts?.courseStartDate ? courseDatesFrom(facts.courseStartDate) : null;
  const notStarted = dates !== null && !courseHasStarted(dates.start_date, today);
  const incomplete = facts !== undefined && (facts.progressPercentage ?? 0) < 100;
  const warnings = [
    notStarted && dates ? m.notStarted(formatDate(dates.start_date)) : null,
    incomplete ? m.incomplete(Math.round(facts?.progressPercentage ?? 0)) : null,
  ].filter((warning): warning is string => warning !== null);
  return { dates, warnings };
}
