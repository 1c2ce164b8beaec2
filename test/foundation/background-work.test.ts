// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '@server/db/schema';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import { JobScheduler, withJobLock } from '@server/jobs/scheduler';
import { buildTestApp, type TestApp } from '../helpers/app';
import { testDbKind } from '../helpers/database';

describe('background work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job alone under its lock, and again once the holder is done', async () => {
    let inside = 0;
    let maxInside = 0;
    const work = (whileInside?: () => Promise<void>) =>
      withJobLock(t.db, 'test-job', async () => {
        inside += 1;
        maxInside = Math.max(maxInside, inside);
        await whileInside?.();
        inside -= 1;
      });
    // The holder keeps the lock until the test lets it go; the others try once it is inside.
    let entered!: () => void;
    const holderInside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = work(() => {
      entered();
      return released;
    });
    await holderInside;
    const others = [work(), work()];
    // On PostgreSQL they are refused at once. PGlite has one connection: their transactions wait for
    // the holder's, so they run after it lets go.
    if (testDbKind === 'postgres') expect(await Promise.all(others)).toEqual([false, false]);
    release();
    const results = [await holder, ...(await Promise.all(others))];
    expect(maxInside).toBe(1);
    expect(results[0]).toBe(true);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await work()).toBe(true);
  });

  it('records when a job last did its work: not a pass skipped for another process, not a failed one', async () => {
    let nowMs = Date.parse('2027-01-04T09:00:00Z');
    const scheduler = new JobScheduler({ error: () => {} }, () => new Date(nowMs));
    let outcome: 'skipped' | 'done' | 'fail' = 'skipped';
    scheduler.add({
      name: 'watched',
      everyMs: 60_000,
      run: async () => {
        if (outcome === 'fail') throw new Error('down');
        return outcome === 'skipped' ? 'skipped' : undefined;
      },
    });
    await scheduler.runNow('watched');
    expect(scheduler.lastSuccesses()).toEqual([{ job: 'watched', at: null }]);
    outcome = 'done';
    nowMs += 60_000;
    await scheduler.runNow('watched');
    const at = scheduler.lastSuccesses()[0]?.at;
    // By the scheduler's clock (the app's).
    expect(at).toEqual(new Date(nowMs));
    outcome = 'fail';
    nowMs += 60_000;
    await expect(scheduler.runNow('watched')).rejects.toThrow('down');
    expect(scheduler.lastSuccesses()[0]?.at).toBe(at);
    await scheduler.stop();
  });

  it('stops scheduling on stop() and lets the running pass finish', async () => {
    // The scheduler's timers are Vitest's fake ones: the first run's random delay (at most 3 s) and
    // each pass's 100 ms go by when the test advances them, not in real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const log = { error: () => {} };
    const scheduler = new JobScheduler(log, () => new Date());
    let started = 0;
    let finished = 0;
    scheduler.add({
      name: 'slow',
      everyMs: 10,
      run: async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        finished += 1;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1200 + 3000);
    const before = finished;
    // A pass is under way when stop() comes: stop() waits for it.
    expect(started).toBe(before + 1);
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopping;
    const atStop = finished;
    await vi.advanceTimersByTimeAsync(300);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(atStop).toBe(before + 1);
    expect(finished).toBe(atStop);
    expect(started).toBe(atStop);
  });

  it('writes an email to the outbox with the transaction that causes it, and never without it', async () => {
    const to = `outbox-${Date.now()}@example.com`;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { template: 'contact-received', to, data: { name: 'Ada' } }, t.app.clock());
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).toHaveLength(0);

    await t.db.transaction((tx) =>
      enqueueEmail(tx, { template: 'contact-received', to, data: { name: 'Ada' } }, t.app.clock()),
    );
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row).toMatchObject({ template: 'contact-received', status: 'pending', attempts: 0 });
  });
});
