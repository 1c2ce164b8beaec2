/** The funnel's figures as the Funnel tab shows them: conversion rates and the weekly chart's geometry. */
import { messages } from '@shared/messages';
import { FUNNEL_STAGES, type FunnelCounts, type FunnelStage } from '../api/funnel';
import { niceMax } from './weekly-chart-model';

const percentFormat = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

/** "62%" of `whole`; '—' when there is nothing to divide by. */
export function percentOf(part: number, whole: number): string {
  return whole > 0 ? percentFormat.format(part / whole) : '—';
}

export interface StageFigure {
  stage: FunnelStage;
  label: string;
  count: number;
  /** The share of the stage before it ("62% of those who paid the fee"); null for the first stage. */
  fromPrevious: string | null;
  /** The share of all who registered; null for the first two stages (the second's is `fromPrevious`). */
  fromStart: string | null;
  /** The bar's width: the share of those who registered, 0–1. */
  width: number;
}

/** Each stage in order with its conversion from the stage before and from registration. */
export function stageFigures(totals: FunnelCounts): StageFigure[] {
  const { funnelStages: labels, funnelStageObjects: objects } = messages.adminOutreach;
  return FUNNEL_STAGES.map((stage, i) => {
    const previous = i > 0 ? FUNNEL_STAGES[i - 1] : null;
    return {
      stage,
      label: labels[stage],
      count: totals[stage],
      fromPrevious: previous
        ? messages.adminOutreach.conversion(percentOf(totals[stage], totals[previous]), objects[previous])
        : null,
      // From the third stage on: for the second it is the share of the stage before again.
      fromStart: i > 1 ? messages.adminOutreach.overall(percentOf(totals[stage], totals.registered)) : null,
      width: totals.registered > 0 ? Math.min(1, totals[stage] / totals.registered) : 0,
    };
  });
}

export const FUNNEL_HEIGHT = 180;
export const FUNNEL_PAD = { top: 10, right: 12, bottom: 24, left: 32 };

export type FunnelScale = ReturnType<typeof funnelScale>;

/** Where `weeks` go on a chart `width` px wide: one slot per week, one axis (students) with a round, even top. */
export function funnelScale(weeks: ReadonlyArray<FunnelCounts>, width: number) {
  const innerW = width - FUNNEL_PAD.left - FUNNEL_PAD.right;
  const innerH = FUNNEL_HEIGHT - FUNNEL_PAD.top - FUNNEL_PAD.bottom;
  const top = Math.max(2, Math.ceil(niceMax(Math.max(0, ...weeks.map((w) => w.registered))) / 2) * 2);
  const slot = innerW / Math.max(weeks.length, 1);
  return {
    width,
    top,
    slot,
    // A week label every `every` slots, so labels (about 44 px) never touch.
    every: Math.max(1, Math.ceil(48 / slot)),
    x: (i: number) => FUNNEL_PAD.left + slot * i + slot / 2,
    y: (count: number) => FUNNEL_PAD.top + innerH - (count / top) * innerH,
  };
}
