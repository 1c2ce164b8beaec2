import type { FastifyReply } from 'fastify';

/** Sends a PDF the route drew, as a download or inline, with its caching rule. */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, disposition: string, cacheControl: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', disposition)
    .header('cache-control', cacheControl)
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
