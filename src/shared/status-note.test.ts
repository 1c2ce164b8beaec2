import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { statusNote } from './status-note';

const m = messages.student.statusNote;
const facts = { status: 'completed', percentage: 100, totalStages: 5, idStatus: 'approved' } as const;

describe('the note beside a status the school set by hand', () => {
  it('says nothing when the status, the progress and the ID check agree', () => {
    expect(statusNote(facts)).toBeNull();
    expect(statusNote({ ...facts, status: 'in_progress', percentage: 40 })).toBeNull();
    expect(statusNote({ ...facts, status: 'enrolled', percentage: 0 })).toBeNull();
  });

  it('explains Completed at 0 % or with an ID that is rejected or not yet approved', () => {
    expect(statusNote({ ...facts, percentage: 0 })).toBe(m.completedBelowFull(0));
    expect(statusNote({ ...facts, percentage: 0, idStatus: 'rejected' })).toBe(m.completedWithIdRejected);
    expect(statusNote({ ...facts, idStatus: 'pending' })).toBe(m.completedWithIdPending);
    expect(statusNote({ ...facts, idStatus: 'required' })).toBe(m.completedWithIdPending);
    expect(statusNote({ ...facts, idStatus: 'not_required' })).toBe(m.completedWithIdPending);
  });

  it('explains every stage ticked while the status is not Completed yet', () => {
    expect(statusNote({ ...facts, status: 'in_progress' })).toBe(m.notCompletedAtFull);
  });
});
