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
import { TokenService } from './lib/tokens';
import { registerApiDocs } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { registerErrorHandlers } from './plugins/error-handler';
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
import { createMailTransport, type MailTransport } from './email/transport';
import { emailAttachments } from './jobs/email-attachments';
import { emailOutboxJob } from './jobs/email-outbox';
import { JobScheduler } from './jobs/scheduler';
import { sweepIdDocuments } from './domain/id-verification/sweep-id-documents';
import { reconcilePaymentsJob } from './jobs/reconcile-payments';
import { createPaymentProvider } from './payments/create-provider';
import { LocalDiskStorage } from './storage/local-disk';
import type { DocumentStorage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    tokens: TokenService;
    storage: DocumentStorage;
    /** Background jobs; main.ts starts them, tests run them with runNow. */
    jobs: JobScheduler;
    /** `draining` is set when shutdown begins: readiness then answers 503 (routes/health.ts). */
    lifecycle: { draining: boolean };
    /** Where the email outbox worker delivers (SMTP, or .eml files in DATA_DIR/mail). */
    mail: MailTransport;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise opened (and migrated) from the config. */
  database?: Database;
  storage?: DocumentStorage;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where logs go (default stdout); tests read them back. */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (tests check the API documentation against them). */
  onRoute?: (route: RouteOptions) => void;
}

export const ID_DOCUMENT_SWEEP_JOB = 'sweep-id-documents';

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
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per request, written by plugins/request-log.ts when the response is sent.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
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
  app.decorate('storage', options.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'uploads')));
  app.decorate('jobs', new JobScheduler(app.log));
  app.decorate('lifecycle', { draining: false });
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
  // Closing stops the jobs (letting a running one finish) before the database closes.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    app.mail.close();
    await database.close();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerRequestLog(app);

  // ID documents no row references are removed at start (first run soon after app.jobs.start()) and daily.
  app.jobs.add({
    name: ID_DOCUMENT_SWEEP_JOB,
    everyMs: 24 * 60 * 60 * 1000,
    run: async () => {
      const removed = await sweepIdDocuments(app.db, app.storage);
      if (removed > 0) app.log.info({ removed }, 'removed ID documents that no row references');
    },
  });

  registerErrorHandlers(app);

  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
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
