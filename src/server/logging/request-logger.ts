/**
 * `request.log` made when first used. Fastify gives every request a child of the app's logger that
 * binds its id (`reqId`); pino builds a child by serialising its bindings through the redaction of
 * LOG_REDACT_PATHS, a few microseconds on every request, although most requests never write with it
 * (their one line comes from plugins/request-log.ts). This stands in for that child and creates it on
 * the first call: the lines it writes are the same.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): FastifyBaseLogger['level'] {
    return this.logger.level;
  }
  set level(level: FastifyBaseLogger['level']) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]) {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }
  error(...args: unknown[]) {
    Reflect.apply(this.logger.error, this.logger, args);
  }
  warn(...args: unknown[]) {
    Reflect.apply(this.logger.warn, this.logger, args);
  }
  info(...args: unknown[]) {
    Reflect.apply(this.logger.info, this.logger, args);
  }
  debug(...args: unknown[]) {
    Reflect.apply(this.logger.debug, this.logger, args);
  }
  trace(...args: unknown[]) {
    Reflect.apply(this.logger.trace, this.logger, args);
  }
  silent(...args: unknown[]) {
    Reflect.apply(this.logger.silent, this.logger, args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, created when it first writes. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
