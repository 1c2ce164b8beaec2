import { describe, expect, it } from 'vitest';
import { chartScale, enrollmentCount, HEIGHT, niceMax, PAD, weekLabel } from './weekly-chart-model';

const week = (week_start: string, enrollments: number, revenue: number) => ({ week_start, enrollments, revenue });

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(2000)).toBe(2000);
    expect(niceMax(2001)).toBe(5000);
  });
});

describe('chartScale', () => {
  const weeks = [week('2026-01-05', 3, 1200), week('2026-01-12', 0, 0), week('2026-01-19', 1, 450)];

  it('gives each week a slot and puts the axes on round, even tops', () => {
    const scale = chartScale(weeks, 384);
    expect(scale.slot).toBe((384 - PAD.left - PAD.right) / 3);
    expect(scale.x(0)).toBe(PAD.left + scale.slot / 2);
    expect(scale.maxEnrol).toBe(6);
    expect(scale.maxRevenue).toBe(2000);
    expect(scale.yOf(0)).toBe(HEIGHT - PAD.bottom);
    expect(scale.yOf(1)).toBe(PAD.top);
  });

  it('keeps a top of 2 enrolments for an empty quarter, and labels fewer weeks when slots are narrow', () => {
    const empty = Array.from({ length: 12 }, (_, i) => week(`2026-01-${String(i + 1).padStart(2, '0')}`, 0, 0));
    expect(chartScale(empty, 1000).maxEnrol).toBe(2);
    expect(chartScale(empty, 1000).every).toBe(1);
    expect(chartScale(empty, 240).every).toBe(4);
  });
});

describe('labels', () => {
  it('names weeks by their Monday and counts enrolments', () => {
    expect(weekLabel('2026-01-05')).toBe('5 Jan');
    expect(enrollmentCount(1)).toBe('1 enrollment');
    expect(enrollmentCount(0)).toBe('0 enrollments');
  });
});
