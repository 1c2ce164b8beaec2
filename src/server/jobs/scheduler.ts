/**
 * Background work (payment reconciliation, the email outbox, retention): each job runs every
 * `everyMs` in every app process, and makes itself safe with several processes on one database —
 * claiming rows with `FOR UPDATE SKIP LOCKED`, or running alone under `withJobLock`. A run that
 * throws is logged and retried at the next tick; `stop()` lets a running job finish (graceful
 * shutdown) and starts no new run. Runs are timed with setTimeout (tests drive them with Vitest's fake
 * timers); the jobs' rules, and the time of each job's last success, read the app's clock.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { describeDatabaseError } from '@server/db/errors';

export interface Job {
  name: string;
  everyMs: number;
  /**
   * One pass. `signal` aborts when the process is stopping: stop at the next safe point. 'skipped':
   * another process held the job's lock, so this pass did nothing (not counted as a success here).
   */
  run(signal: AbortSignal): Promise<void | 'skipped'>;
}

export interface JobLogger {
  error(object: object, message: string): void;
}

export class JobScheduler {
  private readonly jobs: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly lastSuccess = new Map<string, Date>();
  private started = false;

  constructor(
    private readonly log: JobLogger,
    /** The app's clock: when a job last succeeded. */
    private readonly clock: () => Date,
  ) {}

  add(job: Job): void {
    this.jobs.push(job);
    if (this.started) this.schedule(job, job.everyMs);
  }

  /** Starts every job; the first run of each comes after a short random delay, so processes do not run in step. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.schedule(job, Math.min(job.everyMs, 1000 + Math.random() * 2000));
  }

  /** Runs one pass of a job now (tests, and the operator's commands). */
  async runNow(name: string): Promise<void> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    this.recordOutcome(job, await job.run(this.stopping.signal));
  }

  /**
   * When each job last finished a pass that did its work in this process (null: not yet), for the
   * metrics: across processes the newest of them tells whether the job runs at all.
   */
  lastSuccesses(): Array<{ job: string; at: Date | null }> {
    return this.jobs.map((job) => ({ job: job.name, at: this.lastSuccess.get(job.name) ?? null }));
  }

  private recordOutcome(job: Job, outcome: void | 'skipped'): void {
    if (outcome !== 'skipped') this.lastSuccess.set(job.name, this.clock());
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(job: Job, delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = job
        .run(this.stopping.signal)
        .then((outcome) => this.recordOutcome(job, outcome))
        .catch((error: unknown) => {
          // A database error is logged by SQLSTATE/constraint/table: its message holds SQL parameters.
          const database = describeDatabaseError(error);
          this.log.error(
            database ? { db: database, job: job.name } : { err: error, job: job.name },
            'background job failed',
          );
        })
        .finally(() => {
          this.running.delete(run);
          this.schedule(job, job.everyMs);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

/** A stable 64-bit advisory lock key for a job name. */
const lockKey = (name: string) => sql`hashtextextended(${`vbr-job:${name}`}, 0)`;

/**
 * Runs `fn` only if no other process runs the job named `name` at this moment (a transaction-level
 * advisory lock: released when the transaction ends, also when the holder dies). Returns false when
 * another process holds it.
 */
export async function withJobLock(db: Db, name: string, fn: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(name)}) as locked`);
    const rows = Array.isArray(result) ? result : (result as { rows: Array<{ locked: boolean }> }).rows;
    if (!rows[0]?.locked) return false;
    await fn(tx);
    return true;
  });
}

/**
 * A clean-up pass in batches, each its own transaction under the job's lock (withJobLock): `batch`
 * runs one batch and answers how many rows it handled; the pass goes on while a batch was full and the
 * job is not stopping. Answers the rows handled in all, or null when another process held the lock.
 */
export async function inLockedBatches(
  db: Db,
  name: string,
  { size, signal }: { size: number; signal: AbortSignal },
  batch: (tx: Db) => Promise<number>,
): Promise<number | null> {
  let total = 0;
  let ran = false;
  for (let more = true; more && !signal.aborted;) {
    more = false;
    ran =
      (await withJobLock(db, name, async (tx) => {
        const count = await batch(tx);
        total += count;
        more = count === size;
      })) || ran;
  }
  return ran ? total : null;
}
