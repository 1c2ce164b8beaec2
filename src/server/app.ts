/**
 * buildApp(config): the whole site as a Fastify instance, without listening. Tests build the same
 * app and call `app.inject`. It registers named plugins in a visible order, each declaring the ones
 * it needs (fastify-plugin checks them): database → services → jobs → observability → draining →
 * security (error handler, headers, limits, auth) → API docs → API routes → built client and pages.
 * Closing runs their onClose hooks in reverse order: jobs stop, then services, then the database.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AttemptCounter } from './auth/login-throttle';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { PrivateDataKeyRing } from './crypto/private-data-keys';
import type { Database, Db } from './db/client';
import type { JobScheduler } from './jobs/scheduler';
import type { MailTransport } from './mail/transport';
import type { PaymentProvider } from './square/provider';
import { fastifyOptions, type LogOptions } from './fastify-options';
import { registerApiDocs } from './plugins/api-docs';
import { databasePlugin } from './plugins/database';
import { drainingPlugin } from './plugins/draining';
import { jobsPlugin } from './plugins/jobs';
import { observabilityPlugin } from './plugins/observability';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { registerSpa } from './plugins/spa';
import { credentialSignerPlugin, registerJwks } from './routes/certificates/credentials';
import { registerVerifyPage } from './routes/certificates/verify-page';
import { apiRoutes } from './routes';

/** What the plugins decorate the app with: every route and job reaches its services through these. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The time every rule and job reads; tests move it (BuildOptions.clock). */
    clock: () => Date;
    tokens: TokenService;
    /** Encrypts and decrypts ID documents and two-factor secrets (ID_DOCUMENT_KEY, ID_DOCUMENT_OLD_KEYS). */
    privateDataKeys: PrivateDataKeyRing;
    /** With REDIS_URL: the connection the throttles and rate limits of every process share. */
    redis: Redis | undefined;
    /** The login and sign-in code throttles' counts: in Redis with REDIS_URL (shared by every process), else in memory. */
    attempts: AttemptCounter;
    /** The admin account throttles' counts: in Redis with REDIS_URL, else in the database (shared by every process either way). */
    accountAttempts: AttemptCounter;
    /** Square, or its offline stand-in (SQUARE_ENVIRONMENT). */
    paymentProvider: PaymentProvider;
    /** Where the email outbox worker delivers (SMTP, or .eml files in DATA_DIR/mail). */
    mail: MailTransport;
    /** Background jobs; main.ts starts them, tests run them with runNow. */
    jobs: JobScheduler;
    /** `draining` is set when shutdown begins: readiness then answers 503 (routes/health.ts). */
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions extends LogOptions {
  /** An already open database (tests); otherwise opened (and migrated) from the config. */
  database?: Database;
  /** Sees every route as it is registered (tests check the API documentation against them). */
  onRoute?: (route: RouteOptions) => void;
  /** The time every rule and job reads (default: the system clock); tests move it. */
  clock?: () => Date;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, options)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('config', config);

  await app.register(databasePlugin, { database: options.database });
  await app.register(servicesPlugin, { clock: options.clock });
  await app.register(jobsPlugin);
  await app.register(observabilityPlugin);
  await app.register(drainingPlugin);
  await app.register(securityPlugin);
  // Open Badges: the signing key, its public half recorded on ready (routes/certificates/credentials.ts).
  await app.register(credentialSignerPlugin);
  // Before the routes: it documents each route as it is registered (/api/openapi.json, /api/docs).
  await registerApiDocs(app);
  await app.register(apiRoutes, { prefix: '/api' });
  await registerJwks(app);
  await registerSpa(app, config.clientDir);
  // /verify/{id}: the verification page, made per request with its result.
  await registerVerifyPage(app, config.clientDir);
  return app;
}
