// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@server/db/schema';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import { JobScheduler, withJobLock } from '@server/jobs/scheduler';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('background work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('runs a job alone under its lock, and again once the holder is done', async () => {
    let inside = 0;
    let maxInside = 0;
    const work = () =>
      withJobLock(t.db, 'test-job', async () => {
        inside += 1;
        maxInside = Math.max(maxInside, inside);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside -= 1;
      });
    const results = await Promise.all([work(), work(), work()]);
    expect(maxInside).toBe(1);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await work()).toBe(true);
  });

  it('records when a job last did its work: not a pass skipped for another process, not a failed one', async () => {
    const scheduler = new JobScheduler({ error: () => {} });
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
    await scheduler.runNow('watched');
    const at = scheduler.lastSuccesses()[0]?.at;
    expect(at).toBeInstanceOf(Date);
    outcome = 'fail';
    await expect(scheduler.runNow('watched')).rejects.toThrow('down');
    expect(scheduler.lastSuccesses()[0]?.at).toBe(at);
    await scheduler.stop();
  });

  it('stops scheduling on stop() and lets the running pass finish', async () => {
    const log = { error: () => {} };
    const scheduler = new JobScheduler(log);
    let finished = 0;
    scheduler.add({
      name: 'slow',
      everyMs: 10,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        finished += 1;
      },
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 1200 + 3000));
    const before = finished;
    await scheduler.stop();
    const atStop = finished;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(before).toBeGreaterThanOrEqual(1);
    expect(finished).toBe(atStop);
  });

  it('writes an email to the outbox with the transaction that causes it, and never without it', async () => {
    const to = `outbox-${Date.now()}@example.com`;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { template: 'contact-received', to, data: { name: 'Ada' } });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).toHaveLength(0);

    await t.db.transaction((tx) => enqueueEmail(tx, { template: 'contact-received', to, data: { name: 'Ada' } }));
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row).toMatchObject({ template: 'contact-received', status: 'pending', attempts: 0 });
  });
});
