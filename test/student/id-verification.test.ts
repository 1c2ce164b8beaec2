// engines: both
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idDocuments, idVerifications, type Student } from '@server/db/schema';
import { ID_UPLOADS_PER_STUDENT } from '@server/routes/student';
import { insertCourseStudent, type CourseStudentSetup } from '../factories';
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

  /** How many encrypted documents the database holds (all students). */
  const storedDocuments = async () => (await t.db.select({ n: count() }).from(idDocuments))[0]!.n;
  const documentOf = async (student: Student) =>
    (await t.db.select().from(idDocuments).where(eq(idDocuments.studentId, student.id)))[0] ?? null;
  const viewDocument = (student: Student) =>
    t.app.inject({ method: 'GET', url: `/api/admin/id-verifications/${student.id}/document`, headers: bearer(admin) });

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
  ])('accepts %s, stores it encrypted and puts it under review', async (_name, bytes, filename, type, ext) => {
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
    expect(row).toMatchObject({ status: 'pending', contentType: type, sizeBytes: bytes.length, documentKey: null });
    // AES-256-GCM at rest: a 12-byte nonce, a 16-byte tag, the key's id, and no plaintext in the row.
    const stored = (await documentOf(student))!;
    expect(stored.keyId).toBe(t.app.privateDataKeys.currentKeyId);
    expect(stored.nonce).toHaveLength(12);
    expect(stored.authTag).toHaveLength(16);
    expect(stored.ciphertext).toHaveLength(bytes.length);
    expect(stored.ciphertext.equals(bytes)).toBe(false);
    expect(stored.ciphertext.includes(bytes.subarray(0, 16))).toBe(false);
    const viewed = await viewDocument(student);
    expect(viewed.headers['content-disposition']).toBe(`inline; filename="id-document.${ext}"`);
    expect(viewed.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['an HTML file renamed .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'id.png', 'image/png'],
    ['a PDF that is really a ZIP', zipBytes(), 'id.pdf', 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'id.jpg', 'image/jpeg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'id.png', 'image/png'],
  ])('refuses %s with the type message and keeps nothing', async (_name, bytes, filename, contentType) => {
    const { student, token } = await studentWithToken({ idStatus: 'required' });
    const res = await upload(student, token, multipartFile(bytes, { filename, contentType }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please upload a JPG, PNG, or PDF file only' });
    expect(await documentOf(student)).toBeNull();
    expect((await rowOf(student))!.status).toBe('required');
  });

  it('accepts a file of exactly 10,485,760 bytes', async () => {
    const { student, token } = await studentWithToken();
    const png = pngBytes();
    const bytes = Buffer.concat([png, Buffer.alloc(MAX - png.length)]);
    const res = await upload(student, token, multipartFile(bytes));
    expect(res.statusCode).toBe(200);
    expect((await rowOf(student))!.sizeBytes).toBe(MAX);
    expect((await documentOf(student))!.ciphertext).toHaveLength(MAX);
  });

  it('refuses a file of 10,485,761 bytes with the size message, leaving no document and no row', async () => {
    const { student, token } = await studentWithToken();
    const before = await storedDocuments();
    const png = pngBytes();
    const res = await upload(student, token, multipartFile(Buffer.concat([png, Buffer.alloc(MAX + 1 - png.length)])));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File size must be less than 10MB' });
    expect(await storedDocuments()).toBe(before);
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
    expect(await documentOf(student)).toBeNull();
    // 40 MB went through; far less than that was ever held at once.
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  });

  it('leaves nothing behind when the upload is aborted half way', async () => {
    const { student, token } = await studentWithToken();
    const before = await storedDocuments();
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
    // Nothing is written before the whole file has arrived.
    expect(await storedDocuments()).toBe(before);
    expect(await rowOf(student)).toBeNull();
  });

  it('serialises concurrent first uploads of one student: one accepted, one document', async () => {
    const { student, token } = await studentWithToken({ idStatus: 'not_required' });
    const before = await storedDocuments();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload(student, token, multipartFile(pngBytes()))),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const row = await rowOf(student);
    expect(row?.status).toBe('pending');
    // Exactly one new document, the student's.
    expect(await storedDocuments()).toBe(before + 1);
    expect(await documentOf(student)).not.toBeNull();
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
    const before = await storedDocuments();
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
    expect(await storedDocuments()).toBe(before);
    expect(await rowOf(student)).toBeNull();
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
    const first = (await documentOf(student))!;
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
    expect(row.contentType).toBe('application/pdf');
    // One document per student: the PNG is gone, replaced by the PDF (with a fresh nonce).
    const replaced = await t.db.select().from(idDocuments).where(eq(idDocuments.studentId, student.id));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.nonce.equals(first.nonce)).toBe(false);
    expect((await viewDocument(student)).rawPayload.equals(pdfBytes())).toBe(true);
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
