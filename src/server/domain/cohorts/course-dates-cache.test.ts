import { describe, expect, it } from 'vitest';
import type { CourseDate } from './cohorts';
import { CourseDatesCache } from './course-dates-cache';

const answer = (n: number) => [{ start_date: `2027-01-0${n}` } as CourseDate];

function setUp(live = true) {
  const cache = new CourseDatesCache();
  let connected = live;
  cache.attach({ live: () => connected, close: async () => {} });
  let reads = 0;
  const load = async () => answer(++reads);
  return { cache, load, reads: () => reads, setLive: (value: boolean) => (connected = value) };
}

describe('the course dates kept between requests', () => {
  it('answers from memory until a notification, then reads again', async () => {
    const { cache, load, reads } = setUp();
    expect(await cache.get('2026-11-28', 0, load)).toEqual(answer(1));
    expect(await cache.get('2026-11-28', 500, load)).toEqual(answer(1));
    expect(reads()).toBe(1);
    cache.invalidate();
    expect(await cache.get('2026-11-28', 600, load)).toEqual(answer(2));
  });

  it('reads again after a second of the clock, on another day, or with the clock moved back', async () => {
    const { cache, load, reads } = setUp();
    await cache.get('2026-11-28', 10_000, load);
    await cache.get('2026-11-28', 11_000, load);
    await cache.get('2026-11-29', 11_001, load);
    await cache.get('2026-11-29', 5_000, load);
    expect(reads()).toBe(4);
  });

  it('keeps nothing while the listening connection is down', async () => {
    const { cache, load, reads, setLive } = setUp(false);
    await cache.get('2026-11-28', 0, load);
    await cache.get('2026-11-28', 1, load);
    expect(reads()).toBe(2);
    setLive(true);
    await cache.get('2026-11-28', 2, load);
    await cache.get('2026-11-28', 3, load);
    expect(reads()).toBe(3);
  });

  it('does not keep an answer read while a notification arrived', async () => {
    const { cache, reads } = setUp();
    let count = 0;
    const slow = async () => {
      cache.invalidate(); // a write committed while this read was in flight
      return answer(++count);
    };
    await cache.get('2026-11-28', 0, slow);
    await cache.get('2026-11-28', 1, slow);
    expect(count).toBe(2);
    expect(reads()).toBe(0);
  });
});
