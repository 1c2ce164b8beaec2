/**
 * Configuration (the README's table), validated with zod at start. A bad value stops the start
 * with a message naming the variable. No secret has a fixed default.
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BUILT_IN_CONTACT } from '@shared/site-settings';
import { ID_DOCUMENT_KEY_BYTES } from './crypto/private-data-keys';
import {
  CREDENTIAL_KEY_MESSAGE,
  generateCredentialSigningKey,
  parseCredentialSigningKey,
} from './crypto/credential-signing-key';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const DEFAULT_DATA_DIR = './data';

/** 32 bytes in base64 (`openssl rand -base64 32`). */
const KEY_MESSAGE = 'must be 32 bytes in base64 (generate one with: openssl rand -base64 32)';
const isBase64Key = (value: string) =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === ID_DOCUMENT_KEY_BYTES;
const idDocumentKey = z.string().refine(isBase64Key, KEY_MESSAGE);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default(DEFAULT_DATA_DIR),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
        .optional(),
    ),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    ADMIN_USERNAME: optionalString.pipe(z.string().min(3).max(64).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
    /** 1: an admin without two-factor sign-in can only set it up (every other admin route answers 403). */
    ADMIN_REQUIRE_TOTP: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** Encrypts ID documents (AES-256-GCM); generated into DATA_DIR in embedded mode. */
    ID_DOCUMENT_KEY: optionalString.pipe(idDocumentKey.optional()),
    /** Keys of earlier documents, comma-separated, accepted for reading during a key rotation. */
    ID_DOCUMENT_OLD_KEYS: optionalString.pipe(
      z
        .string()
        .refine((v) => v.split(',').every((key) => isBase64Key(key.trim())), `each key ${KEY_MESSAGE}`)
        .optional(),
    ),
    /** Signs Open Badges credentials (Ed25519, PKCS#8); generated into DATA_DIR in embedded mode. */
    CREDENTIAL_SIGNING_KEY: optionalString.pipe(
      z
        .string()
        .refine((v) => parseCredentialSigningKey(v) !== null, CREDENTIAL_KEY_MESSAGE)
        .optional(),
    ),
    /** The image of an approved or rejected ID document is deleted this many days after the decision (0: at once). */
    ID_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** Tests only: how often the retention job runs (milliseconds; daily by default). */
    ID_DOCUMENT_RETENTION_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(24 * 60 * 60 * 1000),
    /** A registration that never paid is erased this many days after it was made. */
    UNPAID_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Tests only: how often the unpaid-registration retention job runs (milliseconds; daily by default). */
    UNPAID_RETENTION_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(24 * 60 * 60 * 1000),
    /** Unset: no /metrics route. Set: GET /metrics answers a scraper presenting it as a bearer token. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    SQUARE_ENVIRONMENT: z.enum(['offline', 'sandbox', 'production']).default('offline'),
    SQUARE_APPLICATION_ID: optionalString,
    SQUARE_LOCATION_ID: optionalString,
    SQUARE_ACCESS_TOKEN: optionalString,
    /** Base URL of Square's API; only tests point it at a local fake. */
    SQUARE_API_URL: optionalString.pipe(z.url().optional()),
    /** Square webhooks (docs/deploy.md): the subscription's signature key, and the notification URL registered with it. */
    SQUARE_WEBHOOK_SIGNATURE_KEY: optionalString,
    SQUARE_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
    /** A card payment pending longer than this (seconds) is settled by asking the provider (docs/product/payments.md). */
    RECONCILE_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(120),
    /** How often (seconds) the reconciler looks for such payments. */
    RECONCILE_INTERVAL_S: z.coerce.number().int().min(1).max(3_600).default(60),
    CPD_PROVIDER_NUMBER: optionalString,
    COURSE_ACCESS_URL_FOUNDATION: optionalString.pipe(z.url().optional()),
    COURSE_ACCESS_URL_PRO: optionalString.pipe(z.url().optional()),
    /** Defaults of the support details an owner may change in the admin area's Settings. */
    SUPPORT_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    SUPPORT_HOURS: optionalString.pipe(z.string().max(200).optional()),
    COMMUNITY_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    /** Tests only: how often the course emails job looks for students to write to (ms; hourly by default). */
    COURSE_EMAILS_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(60 * 60 * 1000),
    /** How long choosing a course start date holds the place while the course is unpaid (minutes; fractions for tests). */
    COHORT_HOLD_MINUTES: z.coerce.number().positive().max(10_080).default(30),
    /** How long a freed place is held for the first on a date's waitlist once e-mailed (hours; fractions for tests). */
    WAITLIST_HOLD_HOURS: z.coerce.number().positive().max(720).default(24),
    /** Tests only: how often the waitlist job looks for freed places (ms; every minute by default). */
    WAITLIST_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(60 * 1000),
    /** A registration with no payment gets `enrolment-reminder` this long after it was made (hours; fractions for tests). */
    REMINDER_UNPAID_HOURS: z.coerce.number().positive().max(8760).default(24),
    /** A fee-paid student with no course gets `course-reminder` this long after paying the fee (days; fractions for tests). */
    REMINDER_COURSE_DAYS: z.coerce.number().positive().max(365).default(3),
    /** Tests only: how often the reminders job looks for students to remind (ms; hourly by default). */
    REMINDERS_CHECK_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(60 * 60 * 1000),
    /** How often each process checks whether the public pages need rendering again with new settings (ms). */
    PAGES_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
    /** Registrations allowed per client address in 10 minutes (POST /api/students). */
    REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** PostgreSQL: a statement running longer is cancelled (the request answers 503). */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** PostgreSQL: how long a request waits for a pooled connection before answering 503. */
    DB_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** Unset: throttle counters in process memory (one process). redis:// or rediss://; a database number in the path. */
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\/[^\s]*$/, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    /** HTTP: the whole request, headers and body, must have arrived within this (ms). */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
    /** HTTP: the request's headers must have arrived within this (ms); at most HTTP_REQUEST_TIMEOUT_MS. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(20_000),
    /** HTTP: a connection on which nothing moves for this long during a request is closed (ms). */
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    /** SIGTERM: how long in-flight requests and a running job may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * 1: a start with DATABASE_URL accepts settings only a test site should have (offline payments,
     * e-mails written to files, a non-https PUBLIC_URL); see `refuseTestSettings`.
     */
    ALLOW_TEST_SETTINGS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    /**
     * Which reverse proxies may set X-Forwarded-For: unset (none), or a comma-separated list of
     * addresses, CIDRs or the names loopback / linklocal / uniquelocal. Per-address throttles need
     * the real client address.
     */
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .regex(
          /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*$/,
          'must be a comma-separated list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal',
        )
        .optional(),
    ),
    /** Unset: every email is written as an .eml file under DATA_DIR/mail/. smtp:// or smtps://, user and password in the URL. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(z.string().max(200).optional()),
    ADMIN_NOTIFY_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    /** How students sign in: `code` (a 6-digit code by email) or `email` (the seed's email-only login). */
    STUDENT_LOGIN: z.enum(['code', 'email']).default('code'),
    /** Student token lifetime: seconds, or a number with s / m / h / d (7d). */
    STUDENT_TOKEN_TTL: z
      .string()
      .trim()
      .regex(/^\d+[smhd]?$/, 'must be a duration such as 7d, 12h or 3600')
      .default('7d'),
    /** Tests only: the first retry delay of the email outbox (default one minute) and how often it polls. */
    EMAIL_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(60_000),
    EMAIL_POLL_MS: z.coerce.number().int().min(10).default(2000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.DATABASE_URL && !env.SESSION_SECRET && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when DATABASE_URL is set (at least 32 characters)',
      });
    }
    if (env.DATABASE_URL && !env.ID_DOCUMENT_KEY && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['ID_DOCUMENT_KEY'],
        message: `is required when DATABASE_URL is set (${KEY_MESSAGE.replace('must be ', '')})`,
      });
    }
    if (env.DATABASE_URL && !env.CREDENTIAL_SIGNING_KEY && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['CREDENTIAL_SIGNING_KEY'],
        message: `is required when DATABASE_URL is set (${CREDENTIAL_KEY_MESSAGE.replace('must be ', '')})`,
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    if (Boolean(env.SQUARE_WEBHOOK_SIGNATURE_KEY) !== Boolean(env.SQUARE_WEBHOOK_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SQUARE_WEBHOOK_SIGNATURE_KEY ? 'SQUARE_WEBHOOK_URL' : 'SQUARE_WEBHOOK_SIGNATURE_KEY'],
        message: 'SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL must be set together',
      });
    }
    if (env.SQUARE_ENVIRONMENT !== 'offline') {
      for (const key of ['SQUARE_APPLICATION_ID', 'SQUARE_LOCATION_ID', 'SQUARE_ACCESS_TOKEN'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `is required when SQUARE_ENVIRONMENT is ${env.SQUARE_ENVIRONMENT}`,
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * A site on PostgreSQL is a real site: it refuses, unless ALLOW_TEST_SETTINGS=1, what would take no
 * money (offline test cards), lock students out (sign-in codes written to files, never sent) or send
 * sessions in clear (http). The test suite's PostgreSQL processes ask for them explicitly.
 */
function refuseTestSettings(
  env: Pick<
    Env,
    | 'DATABASE_URL'
    | 'NODE_ENV'
    | 'ALLOW_TEST_SETTINGS'
    | 'SQUARE_ENVIRONMENT'
    | 'SMTP_URL'
    | 'STUDENT_LOGIN'
    | 'PUBLIC_URL'
  >,
  ctx: z.RefinementCtx,
): void {
  if (!env.DATABASE_URL || env.NODE_ENV === 'test' || env.ALLOW_TEST_SETTINGS === '1') return;
  const fix = 'or set ALLOW_TEST_SETTINGS=1 for a test site';
  if (env.SQUARE_ENVIRONMENT === 'offline') {
    ctx.addIssue({
      code: 'custom',
      path: ['SQUARE_ENVIRONMENT'],
      message: `is offline (test cards, no money taken): set production with SQUARE_APPLICATION_ID, SQUARE_LOCATION_ID and SQUARE_ACCESS_TOKEN, ${fix}`,
    });
  }
  if (!env.SMTP_URL && env.STUDENT_LOGIN === 'code') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: `is not set: e-mails are only written to DATA_DIR/mail, so students never get their sign-in codes. Set smtp(s)://user:password@host:port, ${fix}`,
    });
  }
  if (!env.PUBLIC_URL?.startsWith('https://')) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `must be the site's https:// address (links in e-mails and certificates use it), ${fix}`,
    });
  }
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/db` (or in memory when `dataDir` is ':memory:'). */
  databaseUrl?: string;
  publicUrl: string;
  admin?: { username: string; password: string };
  /** ADMIN_REQUIRE_TOTP=1 (plugins/auth.ts `guardTotpScope`). */
  adminRequireTotp: boolean;
  sessionSecret: string;
  /** ID documents: the encryption keys (current first, then older ones) and how long a decided image is kept. */
  idDocuments: { key: Buffer; oldKeys: Buffer[]; retentionDays: number; retentionCheckMs: number };
  /**
   * Signs Open Badges credentials and status lists (docs/decisions/044-open-badges-credential.md);
   * its public half is published at start and kept after a rotation.
   */
  credentialSigningKey: KeyObject;
  /** Registrations that never paid: erased `days` after they were made, checked every `checkMs`. */
  unpaidRetention: { days: number; checkMs: number };
  /** The bearer token of GET /metrics; unset: the route does not exist. */
  metricsToken?: string;
  square: {
    environment: Env['SQUARE_ENVIRONMENT'];
    applicationId?: string;
    locationId?: string;
    accessToken?: string;
    apiUrl?: string;
    /** Unset: POST /api/square/webhook answers 404. Square signs each event with the key over the URL + body. */
    webhook?: { signatureKey: string; notificationUrl: string };
  };
  /** The payment reconciler: settle card payments pending longer than `afterS`, every `intervalS`. */
  reconcile: { afterS: number; intervalS: number };
  /** Null when unset: certificates then print no CPD line (read through domain/settings/site-settings.ts). */
  cpdProviderNumber: string | null;
  courseAccessUrls: { foundation?: string; pro?: string };
  /**
   * The environment's support details: defaults of the owner's settings. Read the values in force
   * through domain/settings/site-settings-store.ts, never here.
   */
  support: { email: string; hours: string; communityUrl: string };
  /** How often the course emails job runs (domain/email/queue-course-emails.ts). */
  courseEmailsCheckMs: number;
  /**
   * Places in a cohort (domain/cohorts/places.ts): an unpaid course selection holds one for
   * `holdMinutes`; a freed place is offered to the waitlist and held `waitlistHoldHours`; the waitlist
   * job runs every `waitlistCheckMs`.
   */
  places: { holdMinutes: number; waitlistHoldHours: number; waitlistCheckMs: number };
  /** The reminders job (jobs/reminders.ts): its delays and how often it runs. */
  reminders: { unpaidHours: number; courseDays: number; checkMs: number };
  /** How often the public pages' version is read (plugins/live-pages.ts). */
  pagesCheckMs: number;
  /** PostgreSQL statement timeout and pool acquisition timeout (docs/decisions/012-hardening.md). */
  database: { statementTimeoutMs: number; poolTimeoutMs: number };
  /** Registrations per client address per 10 minutes. */
  registrationRateLimit: number;
  /** Unset: throttle counters in process memory; set: shared by every process (docs/decisions/017-several-processes.md). */
  redisUrl?: string;
  /**
   * HTTP timeouts (docs/decisions/033-reliability-round-3.md): the whole request must arrive within
   * `requestTimeoutMs`, its headers within `headersTimeoutMs`, and a connection idle for
   * `idleTimeoutMs` during a request is closed, so a client that stops sending holds nothing for long.
   */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; idleTimeoutMs: number };
  /** SIGTERM: the longest a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  logLevel: Env['LOG_LEVEL'];
  /** Proxies trusted to set X-Forwarded-For (empty: use the socket address). */
  trustProxy: string[];
  mail: {
    /** Unset: .eml files under `${dataDir}/mail`. */
    smtpUrl?: string;
    from: string;
    /** Where admin notifications go (unset: none are sent). */
    adminNotifyEmail?: string;
    /** First retry delay; doubles per attempt up to six hours (docs/decisions/011-email.md). */
    retryFirstMs: number;
    pollMs: number;
  };
  studentLogin: Env['STUDENT_LOGIN'];
  studentTokenTtlSeconds: number;
  /** Where the built client lives (dist/client); absent in API tests. */
  clientDir: string;
}

export class ConfigError extends Error {}

/** What a server start checks beyond a command's run (a command may work on a test site's database). */
const serverEnvSchema = envSchema.superRefine(refuseTestSettings);

/**
 * Reads the environment. Throws ConfigError naming each bad variable. `server`: the start of a server
 * (main.ts), which also refuses test settings on PostgreSQL.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, use: 'server' | 'command' = 'command'): Config {
  const parsed = (use === 'server' ? serverEnvSchema : envSchema).safeParse(source);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const env = parsed.data;
  const dataDir = resolveDataDir(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    adminRequireTotp: env.ADMIN_REQUIRE_TOTP === '1',
    sessionSecret:
      env.SESSION_SECRET ?? embeddedSecret(dataDir, 'session-secret', () => randomBytes(48).toString('base64url')),
    idDocuments: idDocumentsConfig(env, dataDir),
    credentialSigningKey: credentialSigningKey(env, dataDir),
    unpaidRetention: { days: env.UNPAID_RETENTION_DAYS, checkMs: env.UNPAID_RETENTION_CHECK_MS },
    metricsToken: env.METRICS_TOKEN,
    square: squareConfig(env),
    reconcile: { afterS: env.RECONCILE_AFTER_S, intervalS: env.RECONCILE_INTERVAL_S },
    cpdProviderNumber: env.CPD_PROVIDER_NUMBER ?? null,
    courseAccessUrls: { foundation: env.COURSE_ACCESS_URL_FOUNDATION, pro: env.COURSE_ACCESS_URL_PRO },
    support: {
      email: env.SUPPORT_EMAIL ?? BUILT_IN_CONTACT.supportEmail,
      hours: env.SUPPORT_HOURS ?? BUILT_IN_CONTACT.supportHours,
      communityUrl: env.COMMUNITY_URL ?? BUILT_IN_CONTACT.communityUrl,
    },
    courseEmailsCheckMs: env.COURSE_EMAILS_CHECK_MS,
    places: {
      holdMinutes: env.COHORT_HOLD_MINUTES,
      waitlistHoldHours: env.WAITLIST_HOLD_HOURS,
      waitlistCheckMs: env.WAITLIST_CHECK_MS,
    },
    reminders: {
      unpaidHours: env.REMINDER_UNPAID_HOURS,
      courseDays: env.REMINDER_COURSE_DAYS,
      checkMs: env.REMINDERS_CHECK_MS,
    },
    pagesCheckMs: env.PAGES_CHECK_MS,
    database: { statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS, poolTimeoutMs: env.DB_POOL_TIMEOUT_MS },
    registrationRateLimit: env.REGISTRATION_RATE_LIMIT,
    redisUrl: env.REDIS_URL,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((p) => p.trim()) : [],
    mail: mailConfig(env),
    studentLogin: env.STUDENT_LOGIN,
    studentTokenTtlSeconds: durationSeconds(env.STUDENT_TOKEN_TTL),
    clientDir: path.resolve('dist/client'),
  };
}

/** Every bad variable, one a line. */
function invalidConfiguration(error: z.ZodError): ConfigError {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `  ${name}: ${issue.message.replace(/^ADMIN_USERNAME and/, 'ADMIN_USERNAME and')}`;
  });
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

function idDocumentsConfig(env: Env, dataDir: string): Config['idDocuments'] {
  return {
    key: Buffer.from(
      env.ID_DOCUMENT_KEY ??
        embeddedSecret(dataDir, ID_DOCUMENT_KEY_FILE, () => randomBytes(ID_DOCUMENT_KEY_BYTES).toString('base64')),
      'base64',
    ),
    oldKeys: (env.ID_DOCUMENT_OLD_KEYS?.split(',') ?? []).map((key) => Buffer.from(key.trim(), 'base64')),
    retentionDays: env.ID_DOCUMENT_RETENTION_DAYS,
    retentionCheckMs: env.ID_DOCUMENT_RETENTION_CHECK_MS,
  };
}

function credentialSigningKey(env: Env, dataDir: string): KeyObject {
  const text =
    env.CREDENTIAL_SIGNING_KEY ?? embeddedSecret(dataDir, CREDENTIAL_SIGNING_KEY_FILE, generateCredentialSigningKey);
  const key = parseCredentialSigningKey(text);
  if (!key)
    throw new ConfigError(
      `Invalid configuration:\n  CREDENTIAL_SIGNING_KEY: ${path.join(dataDir, CREDENTIAL_SIGNING_KEY_FILE)} ${CREDENTIAL_KEY_MESSAGE}`,
    );
  return key;
}

function squareConfig(env: Env): Config['square'] {
  return {
    environment: env.SQUARE_ENVIRONMENT,
    applicationId: env.SQUARE_APPLICATION_ID,
    locationId: env.SQUARE_LOCATION_ID,
    accessToken: env.SQUARE_ACCESS_TOKEN,
    apiUrl: env.SQUARE_API_URL,
    webhook:
      env.SQUARE_WEBHOOK_SIGNATURE_KEY && env.SQUARE_WEBHOOK_URL
        ? { signatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY, notificationUrl: env.SQUARE_WEBHOOK_URL }
        : undefined,
  };
}

function mailConfig(env: Env): Config['mail'] {
  return {
    smtpUrl: env.SMTP_URL,
    from:
      env.MAIL_FROM ??
      `Video Book Review Specialist <no-reply@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    adminNotifyEmail: env.ADMIN_NOTIFY_EMAIL,
    retryFirstMs: env.EMAIL_RETRY_FIRST_MS,
    pollMs: env.EMAIL_POLL_MS,
  };
}

/**
 * DATA_DIR as an absolute path, read without the rest of the configuration (and without generating
 * secrets into it): the restore command fills an empty one.
 */
export function resolveDataDir(source: { DATA_DIR?: string } = process.env): string {
  return path.resolve(source.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** "7d" → 604800; a bare number is seconds. */
function durationSeconds(value: string): number {
  const unit = value.at(-1) as keyof typeof UNIT_SECONDS | undefined;
  if (unit && unit in UNIT_SECONDS) return Number(value.slice(0, -1)) * UNIT_SECONDS[unit];
  return Number(value);
}

/** The file in DATA_DIR holding the generated ID document key (embedded mode); backups leave it out. */
export const ID_DOCUMENT_KEY_FILE = 'id-document-key';

/** The file in DATA_DIR holding the generated credential signing key (embedded mode); backups leave it out. */
export const CREDENTIAL_SIGNING_KEY_FILE = 'credential-signing-key';

/** Embedded mode: a random secret generated once and kept (mode 600) in DATA_DIR/`name`. */
function embeddedSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
