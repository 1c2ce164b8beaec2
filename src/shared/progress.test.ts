import { describe, expect, it } from 'vitest';
import { summariseProgress } from './progress';

describe('summariseProgress', () => {
  it('splits Pro stages into foundation (1-5) and pro (6-9) lists', () => {
    const p = summariseProgress('pro', [1, 2, 6, 9]);
    expect(p.foundation_progress).toEqual([true, true, false, false, false]);
    expect(p.pro_progress).toEqual([true, false, false, true]);
    expect(p.total_stages).toBe(9);
    expect(p.completed_stages).toBe(4);
    expect(p.progress_percentage).toBe(44.44);
  });

  it('ignores stages outside the course and reaches 100% when all are done', () => {
    const p = summariseProgress('foundation', [1, 2, 3, 4, 5, 7]);
    expect(p.pro_progress).toEqual([]);
    expect(p.progress_percentage).toBe(100);
    expect(p.completed_stages).toBe(5);
  });

  it('is empty without a course', () => {
    expect(summariseProgress(null, [1])).toMatchObject({ total_stages: 0, progress_percentage: 0 });
  });
});
