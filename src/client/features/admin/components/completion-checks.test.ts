import { describe, expect, it } from 'vitest';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import { completionChecks } from './completion-checks';

const m = messages.admin.completionCheck;
const facts = (progressPercentage: number | null, courseStartDate: string | null) => ({
  progressPercentage,
  completedStages: null,
  totalStages: null,
  courseStartDate,
});
const before = new Date('2030-01-01T12:00:00Z');
const after = new Date('2031-01-01T12:00:00Z');

describe('completionChecks', () => {
  it('warns of a course not started yet and of progress below 100 %', () => {
    const { dates, warnings } = completionChecks(facts(49.6, '2030-03-04'), before);
    expect(dates?.start_date).toBe('2030-03-04');
    expect(warnings).toEqual([m.notStarted(formatDate('2030-03-04')), m.incomplete(50)]);
  });

  it('has nothing to acknowledge once the course started and every stage is done', () => {
    expect(completionChecks(facts(100, '2030-03-04'), after).warnings).toEqual([]);
  });

  it('counts no progress as 0 % and no start date as nothing to wait for', () => {
    expect(completionChecks(facts(null, null), after)).toEqual({ dates: null, warnings: [m.incomplete(0)] });
  });

  it('warns of nothing before the facts are loaded', () => {
    expect(completionChecks(undefined)).toEqual({ dates: null, warnings: [] });
  });
});
