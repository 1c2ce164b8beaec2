import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/schemas/admin';
import { detailText } from './activity-details';

const entry = (action: string, details: Record<string, unknown>): AuditEntry =>
  ({
    id: 1,
    created_at: '2026-11-28T10:00:00.000Z',
    admin_username: 'owner',
    action,
    student_id: null,
    student_name: null,
    details,
  }) as AuditEntry;

describe('the Activity tab shows what an entry changed, before and after', () => {
  it('a start date moved, a status changed, a role changed', () => {
    expect(detailText(entry('student.start_date_changed', { from: '2027-01-05', to: '2027-03-02' }))).toBe(
      '5 January 2027 → 2 March 2027',
    );
    expect(detailText(entry('student.start_date_changed', { from: null, to: '2027-03-02' }))).toBe(
      'none → 2 March 2027',
    );
    expect(detailText(entry('student.status_changed', { from: 'enrolled', to: 'completed' }))).toMatch(
      /^Enrolled → Completed$/i,
    );
    expect(detailText(entry('admin.role_changed', { username: 'sam', from: 'staff', to: 'owner' }))).toBe(
      'staff → owner',
    );
  });

  it('a catalogue or content change: each field it changed, a price in pounds, a list as changed', () => {
    expect(
      detailText(
        entry('catalogue.updated', {
          changes: [
            { field: 'courses.pro.price_pence', from: 21500, to: 25000 },
            { field: 'courses.pro.modules', from: ['A'], to: ['A', 'B'] },
          ],
          before: {},
          after: {},
        }),
      ),
    ).toBe('courses.pro.price_pence: £215.00 → £250.00 · courses.pro.modules changed');
    expect(detailText(entry('content.updated', { changes: [{ field: 'hero.heading', from: 'Old', to: 'New' }] }))).toBe(
      'hero.heading: Old → New',
    );
  });

  it('a setting with the value it replaced, and a cohort with what it was', () => {
    expect(detailText(entry('settings.updated', { cpd_provider_number: { from: null, to: 'CPD-1' } }))).toBe(
      'CPD provider number: CPD-1 (was default)',
    );
    expect(
      detailText(
        entry('cohort.updated', {
          course_start_date: '2027-03-02',
          capacity: { from: 3, to: 2 },
          closed: { from: false, to: false },
        }),
      ),
    ).toBe('2 March 2027 · capacity 2 · open (was capacity 3)');
  });
});
