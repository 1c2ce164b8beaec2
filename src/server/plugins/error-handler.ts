/**
 * One error handler: `{ "detail": ... }` for everything. A DomainError (src/server/errors.ts) is
 * answered with its kind's status and its message; other 4xx details pass through; other 5xx are
 * logged with the request id and answered with a generic message (no stack, no SQL).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/errors';
import { DomainError, type DomainErrorKind } from '../errors';

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/** What a 503 for an unavailable database tells the client to wait before retrying. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { detail?: string; headers?: Record<string, string> }, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(STATUS_OF_KIND[error.kind]).send({ ...error.flags, detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = issue?.message ?? 'Invalid request';
      // Messages written for people (src/shared/messages.ts) stand alone; zod's generic ones get the field name.
      const generic = /^(Invalid|Too|Expected|Unrecognized)/i.test(message);
      return reply.code(400).send({ detail: generic && field ? `${field}: ${message}` : message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Headers a library's error carries with it (http-errors' `headers`: a 416's Content-Range from @fastify/static).
      if (error.headers) reply.headers(error.headers);
      return reply.code(status).send({ detail: error.detail ?? friendlyClientError(status, error.message) });
    }
    const database = describeDatabaseError(error);
    if (database) {
      // SQLSTATE, constraint and table only: the driver's message carries the SQL and its parameters.
      request.log.error({ db: database, reqId: request.id }, 'request failed: database error');
      if (isDatabaseUnavailable(error)) {
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ detail: messages.common.serviceUnavailable });
      }
      return reply.code(500).send({ detail: messages.common.serverError });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    const code = status === 503 ? 503 : 500;
    return reply
      .code(code)
      .send({ detail: code === 503 ? messages.common.serviceUnavailable : messages.common.serverError });
  });
}

function friendlyClientError(status: number, message: string): string {
  if (status === 413) return 'The request is too large';
  if (status === 415) return 'Unsupported content type';
  if (status === 429) return messages.common.tooManyRequests;
  return message || 'Invalid request';
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (a request
 * that did not arrive within HTTP_REQUEST_TIMEOUT_MS or HTTP_HEADERS_TIMEOUT_MS, headers too large,
 * bytes that are not HTTP) is answered like every other error, as `{detail}`, and the connection closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, messages.common.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, messages.common.headersTooLarge]
        : [400, messages.common.invalidRequest];
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
