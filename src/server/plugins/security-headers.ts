/**
 * Security headers (CSP, HSTS, frame, referrer… from helmet) on every response. helmet builds its
 * middleware from the options and sets the same static headers each time, so they are computed once
 * at start and copied onto each reply (rebuilding helmet per request was a visible cost: docs/perf/history.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
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
};

/** The headers helmet sets for OPTIONS, read by running its middleware once on a recording response. */
function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
