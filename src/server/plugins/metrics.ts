/**
 * GET /metrics in Prometheus text (docs/deploy.md, "Metrics"), only when METRICS_TOKEN is set and
 * only for a scraper presenting it as a bearer token; without it the route and its hook do not exist.
 * Per process: Prometheus scrapes each process, and the alert rules aggregate them.
 *
 * No label holds personal data or an unbounded value: requests are labelled by method, route pattern
 * (never the raw URL) and status class; throttles by kind and route pattern; jobs by name. The
 * database gauges are read at scrape time by one cheap statement; the hot path costs one
 * onResponse hook and prom-client's histogram.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isAppRoute } from '@shared/routes';
import { messages } from '@shared/messages';
import type { Database } from '../db/client';
import { readOperationsGauges } from '../domain/reports/operations-gauges';

export const METRICS_PATH = '/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route pattern; a request no route matched is named by kind, never by its path. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = request.url.split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return '(unknown api route)';
  return isAppRoute(path) ? '(page)' : '(unknown page)';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return Boolean(match?.[1]) && timingSafeEqual(digest(match![1]!), expected);
}

interface MetricsOptions {
  token: string | undefined;
  database: Database;
  lastJobSuccesses: () => Array<{ job: string; at: Date | null }>;
}

/** This app's metrics, registered in `registry` (per app: tests build many in one process). */
function createInstruments(registry: Registry) {
  const registers = [registry];
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, from arrival to the response sent',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const throttled = new Counter({
    name: 'vbr_throttled_requests_total',
    help: 'Requests refused with 429, by throttle: per_address (a route rate limit) or per_account (sign-in and code throttles)',
    labelNames: ['throttle', 'route'] as const,
    registers,
  });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  const databaseUp = gauge('vbr_database_up', '1 when the database answered the scrape, else 0');
  const paymentsPending = gauge('vbr_payments_pending', 'Payments pending (a card charge under way or unsettled)');
  const paymentsAge = gauge(
    'vbr_payments_pending_oldest_age_seconds',
    'Age of the oldest pending payment (0 when none is pending)',
  );
  const outboxPending = gauge('vbr_outbox_pending', 'Emails waiting in the outbox');
  const outboxFailed = gauge('vbr_outbox_failed', 'Emails that failed every attempt (an owner may send them again)');
  const outboxAge = gauge(
    'vbr_outbox_pending_oldest_age_seconds',
    'Age of the oldest email still pending (0 when none)',
  );
  const poolInUse = gauge('vbr_db_pool_in_use', 'Database connections checked out of the pool (PGlite: 0)');
  const poolWaiting = gauge('vbr_db_pool_waiting', 'Requests waiting for a database connection (PGlite: 0)');
  const jobSuccess = new Gauge({
    name: 'vbr_job_last_success_timestamp_seconds',
    help: 'When each background job last finished a pass that did its work in this process (0: not yet)',
    labelNames: ['job'] as const,
    registers,
  });
  const dbGauges = [paymentsPending, paymentsAge, outboxPending, outboxFailed, outboxAge];
  return {
    duration,
    throttled,
    databaseUp,
    paymentsPending,
    paymentsAge,
    outboxPending,
    outboxFailed,
    outboxAge,
    poolInUse,
    poolWaiting,
    jobSuccess,
    dbGauges,
  };
}

type Instruments = ReturnType<typeof createInstruments>;

/** The hot path: one observation per response, and a count of each 429 by throttle. */
function observeResponses(app: FastifyInstance, { duration, throttled }: Instruments): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = routeLabel(request);
    duration.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route,
        status_class: `${Math.floor(status / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    if (status === 429)
      throttled.inc({ throttle: reply.hasHeader('x-ratelimit-limit') ? 'per_address' : 'per_account', route });
    done();
  });
}

/** The gauges read at scrape time: the database's counts, the pool, the jobs' last successes. */
async function readGauges(metrics: Instruments, options: MetricsOptions): Promise<void> {
  try {
    const now = await readOperationsGauges(options.database.db);
    metrics.paymentsPending.set(now.paymentsPending);
    metrics.paymentsAge.set(now.oldestPendingPaymentAgeSeconds);
    metrics.outboxPending.set(now.outboxPending);
    metrics.outboxFailed.set(now.outboxFailed);
    metrics.outboxAge.set(now.oldestPendingEmailAgeSeconds);
    metrics.databaseUp.set(1);
  } catch {
    // Values the database did not give are left out rather than shown stale.
    for (const g of metrics.dbGauges) g.reset();
    metrics.databaseUp.set(0);
  }
  const pool = options.database.poolStats();
  metrics.poolInUse.set(pool.inUse);
  metrics.poolWaiting.set(pool.waiting);
  for (const { job, at } of options.lastJobSuccesses()) metrics.jobSuccess.set({ job }, at ? at.getTime() / 1000 : 0);
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  if (!options.token) return;
  const expected = digest(options.token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client names three gauges `_total`, a counter's suffix, which `promtool check metrics`
  // rejects; the same figures stay, by type, in nodejs_active_handles/requests/resources.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
  const metrics = createInstruments(registry);
  observeResponses(app, metrics);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: messages.common.notSignedIn });
    }
    await readGauges(metrics, options);
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
