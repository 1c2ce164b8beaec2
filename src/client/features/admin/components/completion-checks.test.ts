import { describe, expect, it } from 'vitest';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import { completionChecks } from './completion-checks';

const m = messages.admin.completionCheck;
const facts = (
  progressPercentage: number | null,
  courseStartDate: string | null,
  courseType: 'foundation' | 'pro' | null = null,
) => ({
  progressPercentage,
  completedStages: null,
  totalStages: null,
  courseStartDate,
  courseType,
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

  it('shows the day the last stage opens, and warns until it has opened, then until the course ends', () => {
    // Foundation, 5 stages from 4 March 2030: the last opens 33 days on (6 April), the course ends on 15 April.
    const started = completionChecks(facts(100, '2030-03-04', 'foundation'), new Date('2030-04-05T12:00:00Z'));
    expect(started.dates?.last_stage_opens).toBe('2030-04-06');
    expect(started.warnings).toEqual([m.lastStageNotOpen(formatDate('2030-04-06'))]);
    const open = completionChecks(facts(100, '2030-03-04', 'foundation'), new Date('2030-04-06T12:00:00Z'));
    expect(open.warnings).toEqual([m.notEnded(formatDate('2030-04-15'))]);
    expect(completionChecks(facts(100, '2030-03-04', 'foundation'), new Date('2030-04-15T00:30:00Z')).warnings).toEqual(
      [],
    );
  });

  it('warns of a completion date before the last stage opened', () => {
    const { warnings } = completionChecks(facts(100, '2030-03-04', 'pro'), after, '2030-04-01');
    // Pro, 9 stages: the last opens 37 days on, 10 April.
    expect(warnings).toEqual([m.completedBeforeLastStage(formatDate('2030-04-01'), formatDate('2030-04-10'))]);
    expect(completionChecks(facts(100, '2030-03-04', 'pro'), after, '2030-04-10').warnings).toEqual([]);
  });

  it('warns of nothing before the facts are loaded', () => {
    expect(completionChecks(undefined)).toEqual({ dates: null, warnings: [] });
  });
});
