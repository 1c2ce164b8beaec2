/**
 * buildApp(config): the whole site as a Fastify instance, without listening. Tests build the same
 * app and call `app.inject`. Plugins register in a visible order: infrastructure → security →
 * auth → API docs → API routes → SPA.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { MemoryAttemptCounter, RedisAttemptCounter, type AttemptCounter } from './auth/login-throttle';
import { openRedis } from './redis/open-redis';
import { stdoutDestination } from './logging/log-destination';
import { lazyChildLogger } from './logging/request-logger';
import { TokenService } from './auth/tokens';
import { registerApiDocs } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { answerClientError, registerErrorHandlers } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerNoStore } from './plugins/no-store';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import adminRoutes from './routes/admin';
import certificateRoutes from './routes/certificates';
import enrolmentRoutes from './routes/enrolment';
import healthRoutes from './routes/health';
import paymentRoutes from './routes/payments';
import publicRoutes from './routes/public';
import studentRoutes from './routes/student';
import { createMailTransport, type MailTransport } from './mail/transport';
import { courseEmailsJob } from './jobs/course-emails';
import { emailAttachments } from './domain/email/email-attachments';
import { emailOutboxJob } from './jobs/email-outbox';
import { JobScheduler } from './jobs/scheduler';
import { importDiskIdDocuments } from './domain/id-verification/import-disk-id-documents';
import { idDocumentKeyUsage } from './domain/id-verification/rotate-id-document-key';
import { idDocumentRetentionJob } from './jobs/id-document-retention';
import { reconcilePaymentsJob } from './jobs/reconcile-payments';
import { unpaidRetentionJob } from './jobs/unpaid-retention';
import { createPaymentProvider } from './square/create-provider';
import { PrivateDataKeyRing } from './crypto/private-data-keys';
import { LegacyUploadDir } from './storage/legacy-uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    tokens: TokenService;
    /** Encrypts and decrypts ID documents (ID_DOCUMENT_KEY, ID_DOCUMENT_OLD_KEYS). */
    privateDataKeys: PrivateDataKeyRing;
    /** Background jobs; main.ts starts them, tests run them with runNow. */
    jobs: JobScheduler;
    /** `draining` is set when shutdown begins: readiness then answers 503 (routes/health.ts). */
    lifecycle: { draining: boolean };
    /** Where the email outbox worker delivers (SMTP, or .eml files in DATA_DIR/mail). */
    mail: MailTransport;
    /** The login and sign-in code throttles' counts: in Redis with REDIS_URL (shared by every process), else in memory. */
    attempts: AttemptCounter;
    /** The time two-factor codes are checked against; tests fix it (BuildOptions.clock). */
    clock: () => Date;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise opened (and migrated) from the config. */
  database?: Database;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where logs go (default stdout); tests read them back. */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (tests check the API documentation against them). */
  onRoute?: (route: RouteOptions) => void;
  /** The time (default: the system clock) of two-factor codes and the calendar jobs (the course emails); tests move it. */
  clock?: () => Date;
}

/** Methods a proxy may send to another process: answered 503 while the process drains (see the onRequest hook). */
const DRAINED_METHODS = new Set(['GET', 'HEAD']);
const READINESS_ROUTE = '/api/health/ready';

/** Paths whose values never reach the logs. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.source_id',
  '*.sourceId',
  '*.card_number',
  '*.cvv',
  '*.access_token',
  '*.token',
];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      statementTimeoutMs: config.database.statementTimeoutMs,
      poolTimeoutMs: config.database.poolTimeoutMs,
    }));

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            stream: options.logStream ?? stdoutDestination(),
          },
    genReqId: () => randomUUID(),
    // request.log is created when something first writes with it (most requests never do).
    childLoggerFactory: lazyChildLogger,
    requestIdHeader: false,
    // One line per request, written by plugins/request-log.ts when the response is sent.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A client that stops sending (a stalled upload holds up to 10 MB) is cut off: the whole request
    // within requestTimeout, its headers within headersTimeout (checked every connectionsCheckingInterval),
    // and no progress for connectionTimeout while a request is under way (docs/decisions/033).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    clientErrorHandler: answerClientError,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.http.headersTimeoutMs / 4)),
    },
    // Closing (SIGTERM) closes idle keep-alive connections and lets in-flight requests finish
    // (main.ts bounds the wait with SHUTDOWN_TIMEOUT_MS).
    forceCloseConnections: 'idle',
    // A request that arrives on a busy keep-alive connection while closing is served (with
    // `Connection: close`), not refused with Fastify's 503: a load balancer would pass that 503 on,
    // and the database stays open until the last connection has ended.
    return503OnClosing: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Errors of the router itself (a malformed or over-long path) are `{ detail }` too.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ detail: tooLong ? messages.common.addressTooLong : messages.common.invalidRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenService(config.sessionSecret, config.studentTokenTtlSeconds));
  app.decorate('privateDataKeys', new PrivateDataKeyRing(config.idDocuments.key, config.idDocuments.oldKeys));
  app.decorate('jobs', new JobScheduler(app.log));
  app.decorate('lifecycle', { draining: false });
  app.decorate('clock', options.clock ?? (() => new Date()));
  // Several processes count throttled attempts together in Redis (docs/decisions/017-several-processes.md).
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  const attempts: AttemptCounter = redis ? new RedisAttemptCounter(redis) : new MemoryAttemptCounter();
  app.decorate('attempts', attempts);
  app.jobs.add(
    reconcilePaymentsJob(database.db, createPaymentProvider(config.square, database.db), config.reconcile, app.log),
  );
  app.decorate(
    'mail',
    createMailTransport(
      {
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        host: new URL(config.publicUrl).hostname,
        mailDir: path.join(config.dataDir, 'mail'),
      },
      app.log,
    ),
  );
  app.jobs.add(
    emailOutboxJob(
      {
        db: database.db,
        transport: app.mail,
        site: { siteUrl: config.publicUrl },
        retryFirstMs: config.mail.retryFirstMs,
        attachmentsFor: (row) => emailAttachments(database.db, config, row),
        log: app.log,
      },
      config.mail.pollMs,
    ),
  );
  app.jobs.add(courseEmailsJob(database.db, config, app.log, options.clock));
  // Closing stops the jobs (letting a running one finish) before the database closes.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    app.mail.close();
    await database.close();
    redis?.disconnect();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // While the process drains before it stops (main.ts), a request a proxy may send to another process
    // (GET, HEAD) is answered 503: nginx passes it on and stops sending to this process. Any other
    // request is served, as a proxy never sends it twice. Readiness answers for itself (health.ts).
    if (app.lifecycle.draining && DRAINED_METHODS.has(request.method) && request.routeOptions.url !== READINESS_ROUTE) {
      void reply.code(503).header('retry-after', '1').send({ detail: messages.common.shuttingDown });
      return;
    }
    done();
  });
  // While draining, each answer closes its connection: a client that keeps connections alive does not
  // hold the process open after its request in flight is answered.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  registerRequestLog(app);
  registerMetrics(app, {
    token: config.metricsToken,
    database,
    lastJobSuccesses: () => app.jobs.lastSuccesses(),
  });

  // ID documents uploaded before they moved into the database are moved in now (docs/decisions/018).
  const moved = await importDiskIdDocuments(
    database.db,
    app.privateDataKeys,
    new LegacyUploadDir(path.join(config.dataDir, 'uploads')),
  );
  if (moved.imported + moved.notHere + moved.removed > 0)
    app.log.info(moved, 'ID document files moved into the database');
  const unreadable = (await idDocumentKeyUsage(database.db)).filter(({ keyId }) => !app.privateDataKeys.has(keyId));
  if (unreadable.length > 0)
    app.log.error(
      { keyIds: unreadable.map((k) => k.keyId), documents: unreadable.reduce((sum, k) => sum + k.documents, 0) },
      'ID documents are encrypted with a key that is not configured (ID_DOCUMENT_KEY / ID_DOCUMENT_OLD_KEYS): they cannot be shown',
    );
  app.jobs.add(
    idDocumentRetentionJob(
      database.db,
      { retentionDays: config.idDocuments.retentionDays, everyMs: config.idDocuments.retentionCheckMs },
      app.log,
    ),
  );

  app.jobs.add(
    unpaidRetentionJob(
      database.db,
      { retentionDays: config.unpaidRetention.days, everyMs: config.unpaidRetention.checkMs },
      app.log,
    ),
  );

  registerErrorHandlers(app);

  registerSecurityHeaders(app);
  registerNoStore(app);
  await app.register(rateLimit, {
    global: false,
    // With Redis the per-route counters are shared by every process; Redis down: requests pass.
    ...(redis ? { redis, nameSpace: 'vbr:rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: messages.common.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 10_485_760 + 1 } });
  await app.register(authPlugin);
  // Before the routes: it documents each route as it is registered (/api/openapi.json, /api/docs).
  await registerApiDocs(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(publicRoutes, { prefix: '/api' });
  await app.register(enrolmentRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api' });
  await app.register(studentRoutes, { prefix: '/api' });
  await app.register(certificateRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });

  await registerSpa(app, config.clientDir);
  return app;
}
