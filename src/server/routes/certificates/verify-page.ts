/**
 * /verify/{id}, the page a certificate's QR code opens, arrives with its result (docs/decisions/023).
 * The server looks the certificate up, as GET /api/certificates/{id} does, and renders the page with
 * the answer: the SSR build of the client (dist/server/entry-server.js, the code the browser then
 * hydrates with) inside the frame the build wrote (VERIFY_FRAME_FILE). The answer also travels in the
 * page for the browser's query cache, so the page asks for nothing more.
 *
 * An id that cannot be one needs no lookup: no certificate has it. When the lookup fails (the database
 * unreachable) the page is rendered as "Checking the certificate…" and asks the API itself, as before.
 * Past PAGES_MADE from one address, and when rendering fails, the SPA shell is sent: it renders the
 * page in the browser.
 *
 * The page is compressed by @fastify/compress (brotli or gzip, as the client accepts) and revalidated
 * by @fastify/etag, both registered for this route alone (docs/decisions/029). Its ETag is a hash of
 * what the page shows, set before @fastify/etag compares it with If-None-Match (a 304 costs no
 * compression): weak, since the bytes differ between renders (the state's timestamps) while the
 * page does not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseCertificateId } from '@shared/codes';
import { ROUTES, VERIFY_FRAME_FILE } from '@shared/routes';
import type { CertificateVerification } from '@shared/schemas/certificates';
import { verifyCertificate } from '@server/domain/certificates/verify-certificate';
import { DomainError } from '@server/errors';
import { builtFileNames, spaShellFile } from '@server/plugins/built-files';
import { splitFrame } from '@server/plugins/live-pages';
import { toCertificateVerification } from '@server/routes/certificates/wire';

/** src/client/entry-server.tsx's renderVerifyPage, as built. */
type RenderVerifyPage = (
  certificateId: string,
  answer?: CertificateVerification | null,
) => Promise<{ head: string; body: string; state: string }>;

/**
 * Pages made per address (each a lookup and a render, about 3 ms of CPU): as many as the API's lookups
 * (routes/certificates), counted apart. Past that the address gets the SPA shell, a built file:
 * the page then renders in the browser and asks the API, which has its own limit.
 */
const PAGES_MADE = { max: 30, timeWindow: '1 minute' };

type VerifyPageHandler = (
  request: FastifyRequest<{ Params: { certificateId: string } }>,
  reply: FastifyReply,
) => Promise<FastifyReply>;

/**
 * Registers /verify/{id} in a scope of its own (its compression and ETag plugins apply to it alone);
 * before a build, nothing (the route then gets the SPA shell from plugins/spa.ts).
 */
export async function registerVerifyPage(app: FastifyInstance, clientDir: string): Promise<void> {
  const shell = spaShellFile(builtFileNames(clientDir));
  if (!shell) return;
  const handler = await loadVerifyPage(app, clientDir, shell);
  if (!handler) return;
  await app.register(async (scope) => {
    // Quick brotli, not the build's slowest: the page is made per request.
    await scope.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
    });
    await scope.register(etag);
    scope.get(ROUTES.verifyCertificate, { schema: { hide: true } }, handler);
  });
}

async function loadVerifyPage(
  app: FastifyInstance,
  clientDir: string,
  shell: string,
): Promise<VerifyPageHandler | undefined> {
  const frameFile = path.join(clientDir, VERIFY_FRAME_FILE);
  const rendererFile = path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!existsSync(frameFile) || !existsSync(rendererFile)) return undefined;
  const [beforeHead, betweenSlots, afterBody] = splitFrame(readFileSync(frameFile, 'utf8'), VERIFY_FRAME_FILE);
  const { renderVerifyPage } = (await import(pathToFileURL(rendererFile).href)) as {
    renderVerifyPage: RenderVerifyPage;
  };
  const pageCount = app.createRateLimit({ ...PAGES_MADE, keyGenerator: (request) => `verify-page:${request.ip}` });

  /** The certificate, null when no certificate has the id, undefined when there is no answer now. */
  async function answerFor(
    request: FastifyRequest,
    rawId: string,
  ): Promise<CertificateVerification | null | undefined> {
    const certificateId = normaliseCertificateId(rawId);
    if (!certificateId) return null;
    try {
      return toCertificateVerification(await verifyCertificate(app.db, certificateId));
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      request.log.warn({ err: error }, 'certificate lookup for its page failed; the page asks the API');
      return undefined;
    }
  }

  return async (request, reply) => {
    const count = await pageCount(request);
    if (!count.isAllowed && count.isExceeded) return reply.sendFile(shell);
    const { certificateId } = request.params;
    const answer = await answerFor(request, certificateId);
    try {
      const { head, body, state } = await renderVerifyPage(certificateId, answer);
      // The state's timestamps change with every render; the page's content does not.
      const before = beforeHead + head;
      const after = betweenSlots + body + afterBody;
      const shown = createHash('sha256').update(before).update(after).digest('base64url').slice(0, 27);
      return reply
        .type('text/html; charset=utf-8')
        .headers({ 'cache-control': 'no-cache', vary: 'accept-encoding', etag: `W/"${shown}"` })
        .send(before + state + after);
    } catch (error) {
      request.log.error({ err: error }, 'the verification page could not be rendered; the SPA shell is sent');
      return reply.sendFile(shell);
    }
  };
}
