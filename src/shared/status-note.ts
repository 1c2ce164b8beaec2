import { messages } from './messages';
import type { CompletionStatus, IdStatus } from './statuses';

/**
 * The status an admin sets by hand and what the student's dashboard shows (stage ticks, ID check)
 * can disagree: the dashboard says why instead of leaving the student to guess. Null when they agree.
 */
export function statusNote(facts: {
  status: CompletionStatus;
  percentage: number;
  totalStages: number;
  idStatus: IdStatus;
}): string | null {
  const m = messages.student.statusNote;
  const full = facts.totalStages > 0 && facts.percentage >= 100;
  if (facts.status === 'completed') {
    if (facts.idStatus === 'rejected') return m.completedWithIdRejected;
    if (facts.idStatus !== 'approved') return m.completedWithIdPending;
    if (!full) return m.completedBelowFull(Math.round(facts.percentage));
    return null;
  }
  return full ? m.notCompletedAtFull : null;
}
