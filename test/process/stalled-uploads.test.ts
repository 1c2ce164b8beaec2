/**
 * Uploads that stop half way do not hold the server's memory: 20 ID uploads each send their headers
 * and about 10 MB of the body, then nothing more. The server drops each of them once nothing has
 * moved for HTTP_IDLE_TIMEOUT_MS, and its memory (RSS) comes back to within 50 MB of where it began.
 * An upload that trickles a byte now and then is dropped by HTTP_REQUEST_TIMEOUT_MS, and a client that
 * never finishes its headers by HTTP_HEADERS_TIMEOUT_MS.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { migratedDataDir, startServer, stopServer, type RunningServer } from './server-process';

const UPLOADS = 20;
const SENT_BYTES = 10 * 1024 * 1024;
const IDLE_MS = 3000;
const REQUEST_MS = 8000;
const HEADERS_MS = 2000;
/** How late a drop may come after its deadline: the server checks request deadlines periodically. */
const SLACK_MS = 4000;

/** Resident memory of a process in MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
}

interface Held {
  socket: net.Socket;
  /** When the client sent its last byte. */
  lastSentAt: number;
  closed: Promise<number>;
  /** What the server wrote back before closing. */
  answer: () => string;
}

/** Bytes the process has read through system calls, sockets included. */
function bytesRead(pid: number): number {
  return Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
}

/** A raw connection that sends `head` and `body`, then holds the connection open without sending more. */
async function stalledRequest(url: string, head: string, body: Buffer): Promise<Held> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.on('error', () => {});
  // Whatever the server answers is read, so the socket can see its end.
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  await new Promise<void>((resolve) => {
    if (body.length === 0 || socket.write(body)) resolve();
    else socket.once('drain', () => resolve());
  });
  return { socket, lastSentAt: Date.now(), closed, answer: () => Buffer.concat(received).toString() };
}

describe('stalled uploads', () => {
  let server: RunningServer | undefined;
  const dataDir = migratedDataDir('vbr-stalled-');
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are dropped after the idle timeout, and the memory they held is given back', { timeout: 150_000 }, async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      REGISTRATION_RATE_LIMIT: '1000000',
      HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    });
    const base = server.url;
    const pid = server.child.pid!;

    const students = [];
    for (let i = 0; i <= UPLOADS; i += 1) {
      const res = await fetch(`${base}/api/students`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Stalled', last_name: `Upload ${i}`, email: `stalled-${i}@example.org` }),
      });
      expect(res.status).toBe(201);
      const { token } = (await res.json()) as { token: string };
      students.push({ email: `stalled-${i}@example.org`, token });
    }

    const boundary = `----vbr${randomBytes(8).toString('hex')}`;
    const preamble = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(SENT_BYTES)]);
    const declared = preamble.length + png.length + 1024 + `\r\n--${boundary}--\r\n`.length;
    const headFor = (student: { email: string; token: string }) =>
      `POST /api/students/${encodeURIComponent(student.email)}/upload-id HTTP/1.1\r\n` +
      `Host: 127.0.0.1\r\nAuthorization: Bearer ${student.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`;

    // Warm up: the upload path once, complete, then settle.
    const warmUp = students.pop()!;
    const form = new FormData();
    form.append('file', new Blob([png.subarray(0, 64 * 1024)], { type: 'image/png' }), 'id.png');
    const uploaded = await fetch(`${base}/api/students/${encodeURIComponent(warmUp.email)}/upload-id`, {
      method: 'POST',
      headers: { authorization: `Bearer ${warmUp.token}` },
      body: form,
    });
    expect(uploaded.status).toBeLessThan(500);
    // Settled: until two readings a quarter of a second apart are within 2 MB.
    let settled = Number.NaN;
    await vi.waitUntil(
      () => {
        const previous = settled;
        settled = rssMb(pid);
        return Math.abs(settled - previous) < 2;
      },
      { timeout: 10_000, interval: 250 },
    );
    const before = rssMb(pid);
    const readBefore = bytesRead(pid);

    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const held = await Promise.all(
      students.map((s) => stalledRequest(base, headFor(s), Buffer.concat([preamble, png]))),
    );
    const closedAt = await Promise.all(held.map((h) => h.closed));
    clearInterval(sampler);
    // The server did take in the uploads (not just the kernel's socket buffers) before it dropped them.
    expect(bytesRead(pid) - readBefore).toBeGreaterThan(UPLOADS * SENT_BYTES);
    const lateness = closedAt.map((at, i) => at - held[i]!.lastSentAt);
    for (const ms of lateness) expect(ms).toBeLessThan(IDLE_MS + SLACK_MS);

    // The memory comes back (the collector runs as the server goes on working): within a minute, as a
    // loaded CI machine once took longer than 20 s to give the last few megabytes back.
    let after = rssMb(pid);
    const deadline = Date.now() + 60_000;
    while (after > before + 50 && Date.now() < deadline) {
      await fetch(`${base}/api/course-dates`);
      await new Promise((r) => setTimeout(r, 250));
      after = rssMb(pid);
    }
    console.log(
      `RSS before ${before.toFixed(0)} MB, with ${UPLOADS} stalled uploads ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB; dropped ${Math.min(...lateness)}-${Math.max(...lateness)} ms after the last byte`,
    );
    expect(after).toBeLessThan(before + 50);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
  });

  it(
    'drop an upload that trickles after the request timeout, and unfinished headers after the headers timeout',
    { timeout: 60_000 },
    async () => {
      const base = server!.url;
      const started = Date.now();
      // A body that never completes: Fastify reads it whole before the route runs.
      const trickle = await stalledRequest(
        base,
        'POST /api/support/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        Buffer.from('{"message": "'),
      );
      const timer = setInterval(() => trickle.socket.write('x'), 500);
      const headers = await stalledRequest(base, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', Buffer.alloc(0));
      const headersClosed = (await headers.closed) - started;
      const trickleClosed = (await trickle.closed) - started;
      clearInterval(timer);
      expect(headersClosed).toBeGreaterThanOrEqual(HEADERS_MS - 100);
      expect(headersClosed).toBeLessThan(HEADERS_MS + SLACK_MS);
      expect(trickleClosed).toBeGreaterThanOrEqual(REQUEST_MS - 100);
      expect(trickleClosed).toBeLessThan(REQUEST_MS + SLACK_MS);
      // Both are told why, as every other error is: 408 with {detail}.
      for (const held of [headers, trickle]) {
        const [head = '', body] = held.answer().split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
        expect(JSON.parse(body ?? '')).toEqual({ detail: messages.common.requestTimeout });
      }
    },
  );
});
