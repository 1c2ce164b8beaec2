/**
 * The options Fastify is created with: logging, request ids, body and time limits, how closing
 * treats connections, proxies, and the router's own errors.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { LogController, type FastifyHttpOptions, type FastifyReply } from 'fastify';
import { messages } from '@shared/messages';
import type { Config } from './config';
import { stdoutDestination } from './logging/log-destination';
import { lazyChildLogger } from './logging/request-logger';
import { answerClientError } from './plugins/error-handler';

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

export interface LogOptions {
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where logs go (default stdout); tests read them back. */
  logStream?: NodeJS.WritableStream;
}

export function fastifyOptions(config: Config, options: LogOptions): FastifyHttpOptions<Server> {
  return {
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
    // No time limit on a plugin's start (Fastify's default is 10 s): the database plugin opens and
    // migrates the database, which may wait for another process's migration or a busy machine.
    pluginTimeout: 0,
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
    // A path parameter may be this long (Fastify's default is 100): an unsubscribe token carries its
    // address (up to 254 characters, about 390 as a token: auth/unsubscribe-tokens.ts); each route's
    // schema still bounds its own parameters.
    routerOptions: { maxParamLength: 600 },
    // Errors of the router itself (a malformed or over-long path) are `{ detail }` too.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ detail: tooLong ? messages.common.addressTooLong : messages.common.invalidRequest });
    },
  };
}
