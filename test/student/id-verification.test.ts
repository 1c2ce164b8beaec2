import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idVerifications, type Student } from '@server/db/schema';
import { ID_UPLOADS_PER_STUDENT } from '@server/routes/student';
import type { DocumentStorage } from '@server/storage/storage';
import { ID_DOCUMENT_SWEEP_JOB } from '@server/app';
import { insertCourseStudent, insertIdVerification, storeIdDocument, type CourseStudentSetup } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { jpegBytes, multipartEnvelope, multipartFile, pdfBytes, pngBytes, zipBytes } from '../helpers/uploads';

const MAX = 10_485_760;

describe('ID verification', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const storedFiles = () => {
    try {
      return readdirSync(uploadsDir());
    } catch {
      return [];
    }
  };

  async function studentWithToken(setup: CourseStudentSetup = {}) {
    const student = await insertCourseStudent(t.db, setup);
    return { student, token: await t.studentToken(student.id) };
  }

  const statusOf = async (student: Student, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/students/${encodeURIComponent(student.email)}/id-status`,
      headers: bearer(token),
    });

  const upload = (student: Student, token: string, file: ReturnType<typeof multipartFile>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
      payload: file.payload,
      headers: { ...file.headers, ...bearer(token) },
    });

  const rowOf = async (student: Student) =>
    (await t.db.select().from(idVerifications).where(eq(idVerifications.studentId, student.id)))[0] ?? null;

  it('starts as not required, can be started, and then asks for an upload', async () => {
    const { student, token } = await studentWithToken();
    expect((await statusOf(student, token)).json()).toEqual({
      status: 'not_required',
      uploaded_date: null,
      reviewed_date: null,
      rejection_reason: null,
      can_resubmit: true,
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(student.email.toUpperCase())}/set-id-required`,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'required', can_resubmit: true });
    // Starting again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(student.email)}/set-id-required`,
      headers: bearer(token),
    });
    expect(again.json().status).toBe('required');
  });

  it.each([
    ['a PNG', pngBytes(), 'photo.png', 'image/png', 'png'],
    ['a JPEG', jpegBytes(), 'photo.jpeg', 'image/jpeg', 'jpg'],
    ['a PDF', pdfBytes(), 'passport.pdf', 'application/pdf', 'pdf'],
  ])('accepts %s and puts it under review under a server-generated name', async (_name, bytes, filename, type, ext) => {
    const { student, token } = await studentWithToken({ idStatus: 'required' });
    const res = await upload(
      student,
      token,
      multipartFile(bytes, { filename: `../../${filename}`, contentType: 'text/plain' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', can_resubmit: false, rejection_reason: null });
    expect(res.json().uploaded_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const row = await rowOf(student);
    expect(row).toMatchObject({ status: 'pending', contentType: type, sizeBytes: bytes.length });
    expect(row!.documentKey).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect(storedFiles()).toContain(row!.documentKey);
    expect(storedFiles().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it.each([
    ['an HTML file renamed .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'id.png', 'image/png'],
    ['a PDF that is really a ZIP', zipBytes(), 'id.pdf', 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'id.jpg', 'image/jpeg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'id.png', 'image/png'],
  ])('refuses %s with the type message and keeps nothing', async (_name, bytes, filename, contentType) => {
    const { student, token } = await studentWithToken({ idStatus: 'required' });
    const before = storedFiles();
    const res = await upload(student, token, multipartFile(bytes, { filename, contentType }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please upload a JPG, PNG, or PDF file only' });
    expect(storedFiles()).toEqual(before);
    expect((await rowOf(student))!.status).toBe('required');
  });

  it('accepts a file of exactly 10,485,760 bytes', async () => {
    const { student, token } = await studentWithToken();
    const png = pngBytes();
    const bytes = Buffer.concat([png, Buffer.alloc(MAX - png.length)]);
    const res = await upload(student, token, multipartFile(bytes));
    expect(res.statusCode).toBe(200);
    expect((await rowOf(student))!.sizeBytes).toBe(MAX);
  });

  it('refuses a file of 10,485,761 bytes with the size message, leaving no file and no row', async () => {
    const { student, token } = await studentWithToken();
    const before = storedFiles();
    const png = pngBytes();
    const res = await upload(student, token, multipartFile(Buffer.concat([png, Buffer.alloc(MAX + 1 - png.length)])));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File size must be less than 10MB' });
    expect(storedFiles()).toEqual(before);
    expect(await rowOf(student)).toBeNull();
  });

  it('streams a 40 MB upload without holding it in memory, and refuses it', async () => {
    const { student, token } = await studentWithToken();
    const envelope = multipartEnvelope();
    const chunk = Buffer.alloc(64 * 1024, 7);
    const chunks = (40 * 1024 * 1024) / chunk.length;
    const body = Readable.from(
      (function* () {
        yield envelope.head;
        yield pngBytes();
        for (let i = 0; i < chunks; i += 1) yield chunk;
        yield envelope.tail;
      })(),
    );
    global.gc?.();
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - baseline.heapUsed - baseline.arrayBuffers);
    }, 5);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
      payload: body,
      headers: { 'content-type': envelope.contentType, ...bearer(token) },
    });
    clearInterval(sampler);
    expect(res.statusCode).toBe(413);
    expect(await rowOf(student)).toBeNull();
    // 40 MB went through; far less than that was ever held at once.
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  });

  it('leaves nothing behind when the upload is aborted half way', async () => {
    const { student, token } = await studentWithToken();
    const before = storedFiles();
    const envelope = multipartEnvelope();
    const body = new Readable({ read() {} });
    body.push(envelope.head);
    body.push(pngBytes());
    body.push(Buffer.alloc(256 * 1024));
    setTimeout(() => body.destroy(new Error('client went away')), 50);
    await t.app
      .inject({
        method: 'POST',
        url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
        payload: body,
        headers: { 'content-type': envelope.contentType, ...bearer(token) },
      })
      .catch(() => null);
    // The server removes the .part file after the aborted stream settles: wait for it (slow under load).
    await expect.poll(() => storedFiles(), { timeout: 10_000, interval: 50 }).toEqual(before);
    expect(await rowOf(student)).toBeNull();
  });

  it('serialises concurrent first uploads of one student: one accepted, no orphan file', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'not_required' });
    const before = storedFiles();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload(student, token, multipartFile(pngBytes()))),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const row = await rowOf(student);
    expect(row?.status).toBe('pending');
    // Exactly one new file, the one the row references.
    await expect
      .poll(() => storedFiles().filter((f) => !before.includes(f)), { timeout: 10_000 })
      .toEqual([row?.documentKey]);
  });

  it('sweeps stored files that no row references (older than an hour), keeping referenced and fresh ones', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const orphan = await storeIdDocument(t.app.storage, pngBytes());
    const fresh = await storeIdDocument(t.app.storage, pngBytes());
    const kept = await storeIdDocument(t.app.storage, pngBytes());
    const { student } = await studentWithToken();
    await insertIdVerification(t.db, student.id, 'pending', kept);
    const stalePart = path.join(uploadsDir(), `${randomUUID()}.png.${randomUUID()}.part`);
    writeFileSync(stalePart, 'x');
    for (const file of [orphan.documentKey, kept.documentKey])
      utimesSync(path.join(uploadsDir(), file), twoHoursAgo, twoHoursAgo);
    utimesSync(stalePart, twoHoursAgo, twoHoursAgo);

    await t.app.jobs.runNow(ID_DOCUMENT_SWEEP_JOB);
    const files = storedFiles();
    expect(files).not.toContain(orphan.documentKey);
    expect(files).not.toContain(path.basename(stalePart));
    expect(files).toContain(fresh.documentKey);
    expect(files).toContain(kept.documentKey);
    await t.app.storage.remove(fresh.documentKey);
  });

  it('throttles ID uploads per student, from any address', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'required' });
    const url = `/api/students/${encodeURIComponent(student.email)}/upload-id`;
    const codes: number[] = [];
    for (let i = 0; i <= ID_UPLOADS_PER_STUDENT.max; i += 1) {
      // Refused uploads (not an image) still count: the throttle is about requests, not stored files.
      const file = multipartFile(Buffer.from('not an image'));
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: file.payload,
        headers: { ...file.headers, ...bearer(token) },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('answers 400 for a multipart body cut off before its end, leaving nothing behind', async () => {
    const { student, token } = await studentWithToken();
    const before = storedFiles();
    const envelope = multipartEnvelope();
    for (const content of [Buffer.alloc(0), pngBytes(), Buffer.concat([pngBytes(), Buffer.alloc(8000)])]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
        payload: Buffer.concat([envelope.head, content]),
        headers: { 'content-type': envelope.contentType, ...bearer(token) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The upload was interrupted. Please try again.' });
    }
    await expect.poll(() => storedFiles(), { timeout: 10_000, interval: 50 }).toEqual(before);
    expect(await rowOf(student)).toBeNull();
  });

  it('answers 503 and logs the cause when the storage cannot be written', async () => {
    let logs = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    const failing: DocumentStorage = {
      newKey: (extension) => `${randomUUID()}.${extension}`,
      write: async (_key, source) => {
        source.resume();
        throw Object.assign(new Error('EACCES: permission denied, open uploads/x.part'), { code: 'EACCES' });
      },
      read: async () => {
        throw new Error('not stored');
      },
      remove: async () => {},
      // eslint-disable-next-line require-yield
      list: async function* () {
        return;
      },
    };
    const broken = await buildTestApp({ LOG_LEVEL: 'error' }, { storage: failing, logger: true, logStream });
    try {
      const student = await insertCourseStudent(broken.db, { idStatus: 'required' });
      const file = multipartFile(pngBytes());
      const res = await broken.app.inject({
        method: 'POST',
        url: `/api/students/${encodeURIComponent(student.email)}/upload-id`,
        payload: file.payload,
        headers: { ...file.headers, ...bearer(await broken.studentToken(student.id)) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Your document could not be saved right now. Please try again in a few minutes.',
      });
      expect(logs).toContain('document storage write failed');
      expect(logs).toContain('EACCES');
      expect(logs).not.toContain(student.email);
      const row = (await broken.db.select().from(idVerifications).where(eq(idVerifications.studentId, student.id)))[0];
      expect(row?.status).toBe('required');
    } finally {
      await broken.close();
    }
  });

  it('asks for a file when the request has none', async () => {
    const { student, token } = await studentWithToken();
    const url = `/api/students/${encodeURIComponent(student.email)}/upload-id`;
    const json = await t.app.inject({ method: 'POST', url, payload: { file: 'x' }, headers: bearer(token) });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ detail: 'Please choose a file to upload' });
    const wrongField = await upload(student, token, multipartFile(pngBytes(), { field: 'document' }));
    expect(wrongField.statusCode).toBe(400);
    expect(await rowOf(student)).toBeNull();
  });

  it('refuses a second upload while the first is under review or once approved', async () => {
    const { student, token } = await studentWithToken();
    expect((await upload(student, token, multipartFile(pngBytes()))).statusCode).toBe(200);
    const second = await upload(student, token, multipartFile(pngBytes()));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'Your ID document is already under review.' });

    const approved = await studentWithToken({ idStatus: 'approved' });
    const late = await upload(approved.student, approved.token, multipartFile(pngBytes()));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Your ID has already been approved.' });
  });

  it('lists pending documents for an admin, streams the file safely, and records approval in the audit log', async () => {
    const { student, token } = await studentWithToken({ course: 'pro' });
    const png = pngBytes(4, 4);
    await upload(student, token, multipartFile(png));

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/id-verifications', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const entry = list.json().find((e: { student_id: string }) => e.student_id === student.id);
    expect(entry).toEqual({
      student_id: student.id,
      student_name: `${student.firstName} ${student.lastName}`,
      email: student.email,
      course_type: 'pro',
      uploaded_date: expect.stringMatching(/^\d{4}-/),
      id_document_url: `/api/admin/id-verifications/${student.id}/document`,
    });

    const document = await t.app.inject({ method: 'GET', url: entry.id_document_url, headers: bearer(admin) });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/png');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.headers['content-disposition']).toBe('inline; filename="id-document.png"');
    expect(document.headers['cache-control']).toBe('no-store');
    expect(document.rawPayload.equals(png)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: entry.id_document_url, headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/id-verifications', headers: bearer(token) })).statusCode,
    ).toBe(401);

    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/id-verification/${student.id}/review`,
      headers: bearer(admin),
      payload: { student_id: student.id, status: 'approved', rejection_reason: null },
    });
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ status: 'approved', can_resubmit: false });
    expect((await statusOf(student, token)).json().reviewed_date).toMatch(/^\d{4}-/);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'id.approved', adminUsername: 'admin' })]);

    const listAfter = await t.app.inject({ method: 'GET', url: '/api/admin/id-verifications', headers: bearer(admin) });
    expect(listAfter.json().some((e: { student_id: string }) => e.student_id === student.id)).toBe(false);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/id-verification/${student.id}/review`,
      headers: bearer(admin),
      payload: { status: 'rejected', rejection_reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('needs a reason to reject, then lets the student upload again, replacing the old file', async () => {
    const { student, token } = await studentWithToken();
    await upload(student, token, multipartFile(pngBytes()));
    const firstKey = (await rowOf(student))!.documentKey!;
    const reviewUrl = `/api/admin/id-verification/${student.id}/review`;

    for (const payload of [
      { status: 'rejected' },
      { status: 'rejected', rejection_reason: '   ' },
      { status: 'rejected', rejection_reason: null },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: reviewUrl, headers: bearer(admin), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'A rejection reason is required' });
    }
    expect((await rowOf(student))!.status).toBe('pending');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id))).toEqual([]);

    const rejected = await t.app.inject({
      method: 'POST',
      url: reviewUrl,
      headers: bearer(admin),
      payload: { status: 'rejected', rejection_reason: 'The photo is too dark' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await statusOf(student, token)).json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The photo is too dark',
      can_resubmit: true,
    });

    const again = await upload(
      student,
      token,
      multipartFile(pdfBytes(), { filename: 'id.pdf', contentType: 'application/pdf' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', rejection_reason: null, reviewed_date: null });
    const row = (await rowOf(student))!;
    expect(row.documentKey).not.toBe(firstKey);
    expect(row.contentType).toBe('application/pdf');
    expect(storedFiles()).not.toContain(firstKey);
    expect(storedFiles()).toContain(row.documentKey);
  });

  it('answers 404 for a review or document of a student without a document', async () => {
    const { student } = await studentWithToken({ idStatus: 'required' });
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/id-verification/${student.id}/review`,
      headers: bearer(admin),
      payload: { status: 'approved' },
    });
    expect(review.statusCode).toBe(404);
    const document = await t.app.inject({
      method: 'GET',
      url: `/api/admin/id-verifications/${student.id}/document`,
      headers: bearer(admin),
    });
    expect(document.statusCode).toBe(404);
    const badStatus = await t.app.inject({
      method: 'POST',
      url: `/api/admin/id-verification/${student.id}/review`,
      headers: bearer(admin),
      payload: { status: 'maybe' },
    });
    expect(badStatus.statusCode).toBe(400);
  });
});
