/**
 * A request over real HTTP, answered in the shape of Fastify's `inject` (statusCode, headers,
 * rawPayload), so that one test can run through both. Bodies are not decompressed. `headerNames`
 * lists the response's headers in the order they were sent (lower case).
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  headerNames: string[];
  rawPayload: Buffer;
}

export function rawRequest(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          headerNames: res.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
          rawPayload: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts the app on a free loopback port and returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  return address.port;
}
