/**
 * buildApp(config): the whole site as a Fastify instance, without listening. Tests build the same
 * app and call `app.inject`. Plugins register in a visible order: infrastructure → security →
 * auth → API docs → API routes → SPA.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { TokenService } from './lib/tokens';
import { registerApiDocs } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { registerErrorHandlers } from './plugins/error-handler';
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
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') }));

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
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandlers(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'https:'],
        fontSrc: [
          "'self'",
          'data:',
          'https://square-fonts-production-f.squarecdn.com',
          'https://d1g145x70srn7h.cloudfront.net',
        ],
        connectSrc: [
          "'self'",
          'https://pci-connect.squareup.com',
          'https://pci-connect.squareupsandbox.com',
          'https://o160250.ingest.sentry.io',
        ],
        frameSrc: [
          "'self'",
          'https://www.youtube-nocookie.com',
          'https://web.squarecdn.com',
          'https://sandbox.web.squarecdn.com',
          'https://*.squarecdn.com',
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
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
