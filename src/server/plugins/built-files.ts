/**
 * The built client (dist/client) served from memory (docs/decisions/016-serving-and-bundle-figures.md).
 * Every file is read once at start with its compressed forms: the .br/.gz files the build wrote beside
 * it, else brotli and gzip computed here for text types. Each form has a strong ETag (a hash of the
 * bytes sent), so a browser revalidating with If-None-Match gets 304 without a body. A request then
 * costs a map lookup, the encoding choice and a write of a ready Buffer: no disk, no compression.
 *
 * Caching: hashed assets (/assets/…) `public, max-age=31536000, immutable`; everything else (pages,
 * the favicon, media) `no-cache`, i.e. revalidated by ETag each time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  /** The headers sent with this form, computed once. */
  headers: Record<string, string>;
  etag: string;
}

export interface BuiltFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};
/** Types worth compressing (fonts, images, video and PDFs are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map']);

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function variant(body: Buffer, base: Record<string, string>, encoding: Encoding): Variant {
  const etag = etagOf(body);
  const headers: Record<string, string> = { ...base, etag };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { body, headers, etag };
}

/** One file and its compressed forms; `relative` uses forward slashes. */
export function loadBuiltFile(full: string, relative: string): BuiltFile {
  const ext = path.extname(full).toLowerCase();
  const body = readFileSync(full);
  const stored = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
  let br = stored('.br');
  let gzip = stored('.gz');
  if (COMPRESSIBLE.has(ext)) {
    br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    gzip ??= gzipSync(body, { level: 9 });
  }
  // A compressed form no smaller than the file is not worth sending.
  if (br && br.length >= body.length) br = undefined;
  if (gzip && gzip.length >= body.length) gzip = undefined;
  const base: Record<string, string> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    'last-modified': statSync(full).mtime.toUTCString(),
  };
  if (br || gzip) base.vary = 'accept-encoding';
  else base['accept-ranges'] = 'bytes';
  return {
    identity: variant(body, base, 'identity'),
    ...(br ? { br: variant(br, base, 'br') } : {}),
    ...(gzip ? { gzip: variant(gzip, base, 'gzip') } : {}),
  };
}

/**
 * Every file under clientDir (relative path → file), read now. Dotfiles and folders (Vite's
 * .vite/manifest.json) are left out, and so are the .br/.gz siblings (they are the forms of their file).
 */
export function loadBuiltFiles(clientDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const isSibling = /\.(br|gz)$/.test(entry.name) && existsSync(full.replace(/\.(br|gz)$/, ''));
        const relative = path.relative(clientDir, full).split(path.sep).join('/');
        if (!isSibling) files.set(relative, loadBuiltFile(full, relative));
      }
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return files;
}

/** Accept-Encoding values repeat (each browser sends the same one): the choice is remembered. */
const chosen = new Map<string, Encoding>();
function encodingFor(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? '';
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    // q-values count: "br;q=0" refuses brotli.
    encoding = (negotiate(header, ['br', 'gzip']) as 'br' | 'gzip' | null) ?? 'identity';
    if (chosen.size >= 200) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/** The form of a file sent for this Accept-Encoding: brotli, gzip or the file as it is. */
export function formFor(file: BuiltFile, acceptEncoding: string | undefined): Variant {
  if (!file.br && !file.gzip) return file.identity;
  const encoding = encodingFor(acceptEncoding);
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
}

/** If-None-Match lists this ETag (or `*`); weak comparison, as RFC 9110 says for this header. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A single `bytes=` range of a body of `size` bytes: [start, end], 'unsatisfiable', or null (send it all). */
function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

/**
 * Sends a built file: the best form the client accepts, 304 when its ETag is current (only for 200
 * answers), a byte range of files sent uncompressed (video), or the whole body.
 */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile, status = 200) {
  const form = formFor(file, request.headers['accept-encoding']);
  reply.headers(form.headers);
  if (status !== 200) return reply.code(status).send(form.body);
  if (notModified(request.headers['if-none-match'], form.etag)) return reply.code(304).send();
  const range = request.headers.range;
  if (range && form === file.identity && !form.headers.vary) {
    const ifRange = request.headers['if-range'];
    const parsed = ifRange && ifRange !== form.etag ? null : parseRange(range, form.body.length);
    if (parsed === 'unsatisfiable')
      return reply.code(416).header('content-range', `bytes */${form.body.length}`).send();
    if (parsed) {
      const [start, end] = parsed;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${form.body.length}`)
        .send(form.body.subarray(start, end + 1));
    }
  }
  return reply.send(form.body);
}

/**
 * A page made for this request (plugins/verify-page.ts): compressed in the one form the client takes,
 * at a quick setting rather than the build's slowest, and revalidated by ETag like the other pages
 * (a 304 costs no compression). The ETag is a hash of `shown`, what the page shows: parts of the
 * HTML that change with every render without changing the page (a timestamp) are left out of it.
 */
export function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, html: string, shown: string) {
  const body = Buffer.from(html);
  const encoding = encodingFor(request.headers['accept-encoding']);
  const shownTag = etagOf(Buffer.from(shown));
  const etag = encoding === 'identity' ? shownTag : shownTag.replace(/"$/, `-${encoding}"`);
  reply.headers({ 'content-type': TYPES['.html']!, 'cache-control': REVALIDATE, vary: 'accept-encoding', etag });
  if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding === 'identity') return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 }),
  );
}
