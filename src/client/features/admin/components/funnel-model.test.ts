import { describe, expect, it } from 'vitest';
import { FUNNEL_HEIGHT, FUNNEL_PAD, funnelScale, percentOf, stageFigures } from './funnel-model';

const counts = (registered: number, fee_paid: number, course_paid: number, id_approved: number, completed: number) => ({
  registered,
  fee_paid,
  course_paid,
  id_approved,
  completed,
});

describe('percentOf', () => {
  it('rounds to a whole percent and has no share of nothing', () => {
    expect(percentOf(1, 3)).toBe('33%');
    expect(percentOf(2, 3)).toBe('67%');
    expect(percentOf(5, 5)).toBe('100%');
    expect(percentOf(0, 0)).toBe('—');
  });
});

describe('stageFigures', () => {
  it('gives each stage its share of the stage before and of those who registered', () => {
    const figures = stageFigures(counts(8, 6, 3, 2, 1));
    expect(figures.map((f) => f.count)).toEqual([8, 6, 3, 2, 1]);
    expect(figures[0]).toMatchObject({ label: 'Registered', fromPrevious: null, fromStart: null, width: 1 });
    expect(figures[1]).toMatchObject({ fromPrevious: '75% of those registered', fromStart: null });
    expect(figures[2]).toMatchObject({
      fromPrevious: '50% of those who paid the fee',
      fromStart: '38% of all registered',
    });
    expect(figures[4]).toMatchObject({ fromPrevious: '50% of those with an approved ID', width: 1 / 8 });
  });

  it('shows no rate and no bar when nobody registered', () => {
    const figures = stageFigures(counts(0, 0, 0, 0, 0));
    expect(figures[1]?.fromPrevious).toBe('— of those registered');
    expect(figures.every((f) => f.width === 0)).toBe(true);
  });
});

describe('funnelScale', () => {
  it('puts the tallest week under a round, even top and gives each week a slot', () => {
    const scale = funnelScale([counts(3, 1, 0, 0, 0), counts(7, 2, 1, 0, 0)], 412);
    expect(scale.top).toBe(10);
    expect(scale.slot).toBe((412 - FUNNEL_PAD.left - FUNNEL_PAD.right) / 2);
    expect(scale.y(0)).toBe(FUNNEL_HEIGHT - FUNNEL_PAD.bottom);
    expect(scale.y(10)).toBe(FUNNEL_PAD.top);
    expect(scale.x(1)).toBe(FUNNEL_PAD.left + scale.slot * 1.5);
  });

  it('keeps an axis when every week is empty', () => {
    expect(funnelScale([counts(0, 0, 0, 0, 0)], 300).top).toBe(2);
  });
});
