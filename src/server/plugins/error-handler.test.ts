import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind } from '../errors';
import { registerErrorHandlers } from './error-handler';

/** Every kind and the status it is answered with: a new kind fails to compile here until it is listed. */
const EXPECTED: Record<DomainErrorKind, number> = {
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

describe('the error handler answers a DomainError by its kind', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandlers(app);
    app.get<{ Params: { kind: DomainErrorKind } }>('/throw/:kind', async (request) => {
      throw new DomainError(request.params.kind, `refused: ${request.params.kind}`);
    });
    app.get('/flagged', async () => {
      throw new DomainError('unauthenticated', 'Enter the code from your authenticator app.', { totp_required: true });
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it.each(Object.entries(EXPECTED))('%s → %i, body {"detail": message}', async (kind, status) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${kind}` });
    expect(res.statusCode).toBe(status);
    expect(res.body).toBe(`{"detail":"refused: ${kind}"}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('sends its flags beside the detail, flags first', async () => {
    const res = await app.inject({ method: 'GET', url: '/flagged' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('{"totp_required":true,"detail":"Enter the code from your authenticator app."}');
  });
});
