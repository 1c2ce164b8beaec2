import { describe, expect, it } from 'vitest';
import { summariseProgress } from './summarise-progress';

describe('summariseProgress', () => {
  it('flags each of the 9 Pro stages and rounds the percentage to two decimals', () => {
    const p = summariseProgress('pro', [1, 2, 6, 9]);
    expect(p.stages).toEqual([true, true, false, false, false, true, false, false, true]);
    expect(p.total).toBe(9);
    expect(p.completed).toBe(4);
    expect(p.percentage).toBe(44.44);
  });

  it('ignores stages outside the course and reaches 100% when all are done', () => {
    const p = summariseProgress('foundation', [1, 2, 3, 4, 5, 7]);
    expect(p.stages).toHaveLength(5);
    expect(p.percentage).toBe(100);
    expect(p.completed).toBe(5);
  });

  it('is empty without a course', () => {
    expect(summariseProgress(null, [1])).toEqual({ stages: [], completed: 0, total: 0, percentage: 0 });
  });
});
