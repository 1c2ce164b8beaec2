/**
 * The built files (prerendered pages, hashed assets) answered before Fastify (docs/decisions/027).
 *
 * A GET or HEAD of a built file is the most frequent request and the same for everyone, yet through
 * Fastify it cost about twice the CPU of the bare `node:http` server sending the same bytes: routing,
 * request and reply objects, three hooks, and each header set one by one. Here the request is matched
 * on its exact path and answered with headers prepared at start: the response is what Fastify sends
 * (the same status, headers in the same order, body, request id and log line: the tests compare the
 * two paths), for a map lookup, a random id and one write.
 *
 * Anything else goes to Fastify, which answers it as before: another method, a path written any
 * other way (`/support/`, percent-encoded), a `Range` header (media), and every request while the
 * process drains before it stops (Fastify answers those 503, see app.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  validateHeaderName,
  validateHeaderValue,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyServerOptions } from 'fastify';
import { formFor, notModified, type BuiltFile, type Variant } from './built-files';
import type { RequestLine } from './request-log';

interface Route {
  file: BuiltFile;
  /** Sent when the address has a query (the wizard's shell for `/enroll?step=…`, see spa.ts). */
  withQuery: BuiltFile;
}

/** A form's headers as `[name, value, name, value…]`, `x-request-id`'s value (index 1) filled per request. */
interface PreparedHeaders {
  ok: string[];
  /** For a 304: the same without content-length (as Fastify sends it). */
  notModified: string[];
}

export interface StaticFastPathOptions {
  /** The headers every response carries (plugins/security-headers.ts). */
  securityHeaders: Record<string, string>;
  /** Writes the request's log line (plugins/request-log.ts). */
  requestLine: RequestLine;
  /** True once the process drains before it stops: every request then goes to Fastify. */
  draining: () => boolean;
}

/** Made before Fastify (whose server it answers on), given its options once the app has them. */
export class StaticFastPath {
  private readonly routes = new Map<string, Route>();
  private readonly prepared = new Map<Variant, PreparedHeaders>();
  private options: StaticFastPathOptions | undefined;
  /** Requests answered here, not by Fastify (the tests check that the path is taken). */
  answered = 0;

  configure(options: StaticFastPathOptions): void {
    this.options = options;
  }

  /** Serves `file` at `url` (exactly as written), `withQuery` when the address has a query. */
  add(url: string, file: BuiltFile, withQuery: BuiltFile = file): void {
    const options = this.options;
    if (!options) throw new Error('StaticFastPath.add before configure');
    this.routes.set(url, { file, withQuery });
    for (const form of [file.identity, file.br, file.gzip, withQuery.identity, withQuery.br, withQuery.gzip]) {
      if (form && !this.prepared.has(form)) this.prepared.set(form, this.prepare(form, options));
    }
  }

  /** Answers a GET or HEAD of a built file and returns true; otherwise returns false and writes nothing. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers.range !== undefined) return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const route = this.routes.get(path);
    const options = this.options;
    if (!route || !options || options.draining()) return false;

    const started = performance.now();
    const form = formFor(queryAt === -1 ? route.file : route.withQuery, req.headers['accept-encoding']);
    const prepared = this.prepared.get(form)!;
    const fresh = notModified(req.headers['if-none-match'], form.etag);
    const status = fresh ? 304 : 200;
    const headers = (fresh ? prepared.notModified : prepared.ok).slice();
    const id = randomUUID();
    headers[1] = id;
    res.writeHead(status, headers);
    // For HEAD, node:http sends the headers only.
    res.end(fresh ? undefined : form.body);
    this.answered += 1;
    options.requestLine(id, method, path, status, Math.round(performance.now() - started));
    return true;
  }

  private prepare(form: Variant, { securityHeaders }: StaticFastPathOptions): PreparedHeaders {
    const flat = (headers: Record<string, string>) => Object.entries(headers).flat();
    // The order Fastify writes them in: the request id and the security headers (onRequest hooks),
    // then the file's own, then the length.
    const notModifiedHeaders = ['x-request-id', '', ...flat(securityHeaders), ...flat(form.headers)];
    // A header node:http would refuse fails here, at start, not on every request.
    for (let i = 2; i < notModifiedHeaders.length; i += 2) {
      validateHeaderName(notModifiedHeaders[i]!);
      validateHeaderValue(notModifiedHeaders[i]!, notModifiedHeaders[i + 1]!);
    }
    return { notModified: notModifiedHeaders, ok: [...notModifiedHeaders, 'content-length', String(form.body.length)] };
  }
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (its timeouts included), which
 * offers each request to `first` before Fastify's handler.
 */
export function serverAnsweringFirst(
  first: (req: IncomingMessage, res: ServerResponse) => boolean,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as {
      http?: ServerOptions | null;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number | null;
    };
    const server: Server = createServer(options.http ?? {}, (req, res) => {
      let answered = false;
      try {
        answered = first(req, res);
      } catch (error) {
        // Not expected (the headers were checked at start); a request is never left unanswered.
        if (res.headersSent) return void res.destroy(error as Error);
      }
      if (!answered) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
