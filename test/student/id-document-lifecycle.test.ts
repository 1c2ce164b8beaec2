// engines: both
/**
 * ID documents in the database (docs/decisions/018-id-documents-in-database.md): files of earlier
 * versions moved in from DATA_DIR/uploads, the retention job, key rotation and tampering.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idDocuments, idVerifications, type Student } from '@server/db/schema';
import { importDiskIdDocuments } from '@server/domain/id-verification/import-disk-id-documents';
import { rotateIdDocumentKey } from '@server/domain/id-verification/rotate-id-document-key';
import { ID_DOCUMENT_RETENTION_JOB, idDocumentRetentionJob } from '@server/jobs/id-document-retention';
import { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { LegacyUploadDir } from '@server/storage/legacy-uploads';
import { insertCourseStudent, insertIdVerification, storeIdDocument } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { multipartFile, pdfBytes, pngBytes } from '../helpers/uploads';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 7;

describe('ID documents in the database', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ ID_DOCUMENT_RETENTION_DAYS: String(RETENTION_DAYS) });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const rowOf = async (student: Student) =>
    (await t.db.select().from(idVerifications).where(eq(idVerifications.studentId, student.id)))[0]!;
  const documentOf = async (student: Student) =>
    (await t.db.select().from(idDocuments).where(eq(idDocuments.studentId, student.id)))[0] ?? null;
  const view = (student: Student) =>
    t.app.inject({ method: 'GET', url: `/api/admin/id-verifications/${student.id}/document`, headers: bearer(admin) });

  /** A student whose document was decided `daysAgo` days ago, with its image stored. */
  async function decided(status: 'approved' | 'rejected' | 'pending', daysAgo: number) {
    const student = await insertCourseStudent(t.db);
    await insertIdVerification(t.db, student.id, status, { reviewedAt: new Date(Date.now() - daysAgo * DAY_MS) });
    await storeIdDocument(t.db, t.app.privateDataKeys, student.id, pngBytes());
    return student;
  }

  describe('files of earlier versions, moved in at start', () => {
    const uploads = () => path.join(t.dataDir, 'uploads');
    /** A document row of an earlier version: the file on disk, its name in `document_key`. */
    async function onDisk(bytes: Buffer | null) {
      const student = await insertCourseStudent(t.db, { idStatus: 'pending' });
      const name = `${randomUUID()}.png`;
      mkdirSync(uploads(), { recursive: true });
      if (bytes) writeFileSync(path.join(uploads(), name), bytes);
      await t.db.update(idVerifications).set({ documentKey: name }).where(eq(idVerifications.studentId, student.id));
      return { student, file: path.join(uploads(), name) };
    }

    it('encrypts each file into the database, deletes the file after its row commits, and is idempotent', async () => {
      const png = pngBytes(5, 5);
      const pdf = pdfBytes();
      const first = await onDisk(png);
      const second = await onDisk(pdf);
      // Its file is on another process's disk: left for that process.
      const elsewhere = await onDisk(null);
      // A file no row refers to (a re-upload's replaced file), old enough to be no upload in progress.
      const orphan = path.join(uploads(), `${randomUUID()}.jpg`);
      writeFileSync(orphan, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(orphan, twoHoursAgo, twoHoursAgo);
      const fresh = path.join(uploads(), `${randomUUID()}.jpg`);
      writeFileSync(fresh, 'x');

      const dir = new LegacyUploadDir(uploads());
      expect(await importDiskIdDocuments(t.db, t.app.privateDataKeys, dir, t.app.clock())).toEqual({
        imported: 2,
        notHere: 1,
        removed: 1,
      });
      for (const [{ student, file }, bytes] of [
        [first, png],
        [second, pdf],
      ] as const) {
        expect(existsSync(file)).toBe(false);
        expect((await rowOf(student)).documentKey).toBeNull();
        expect((await documentOf(student))!.keyId).toBe(t.app.privateDataKeys.currentKeyId);
        expect((await view(student)).rawPayload.equals(bytes)).toBe(true);
      }
      expect((await rowOf(elsewhere.student)).documentKey).not.toBeNull();
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(fresh)).toBe(true);

      // Again: nothing left to move.
      expect(await importDiskIdDocuments(t.db, t.app.privateDataKeys, dir, t.app.clock())).toEqual({
        imported: 0,
        notHere: 1,
        removed: 0,
      });
      // The process whose disk holds the file moves it in when it starts.
      writeFileSync(elsewhere.file, png);
      expect((await importDiskIdDocuments(t.db, t.app.privateDataKeys, dir, t.app.clock())).imported).toBe(1);
      expect((await view(elsewhere.student)).rawPayload.equals(png)).toBe(true);
    });

    it('counts a name no upload ever had (seeded rows) as not here, instead of stopping the start', async () => {
      const student = await insertCourseStudent(t.db, { idStatus: 'pending' });
      const name = `seed/${student.id}.jpg`;
      await t.db.update(idVerifications).set({ documentKey: name }).where(eq(idVerifications.studentId, student.id));
      expect(
        await importDiskIdDocuments(t.db, t.app.privateDataKeys, new LegacyUploadDir(uploads()), t.app.clock()),
      ).toEqual({
        imported: 0,
        notHere: 1,
        removed: 0,
      });
      expect((await rowOf(student)).documentKey).toBe(name);
    });
  });

  describe('retention', () => {
    it(`deletes the image ${RETENTION_DAYS} days after the decision, keeping the decision, dates and reason`, async () => {
      const oldApproved = await decided('approved', RETENTION_DAYS + 1);
      const oldRejected = await decided('rejected', RETENTION_DAYS + 1);
      const recent = await decided('approved', RETENTION_DAYS - 1);
      const pending = await decided('pending', 0);
      await t.db
        .update(idVerifications)
        .set({ uploadedAt: new Date(Date.now() - 90 * DAY_MS) })
        .where(eq(idVerifications.studentId, pending.id));
      const before = await rowOf(oldRejected);

      await t.app.jobs.runNow(ID_DOCUMENT_RETENTION_JOB);

      for (const student of [oldApproved, oldRejected]) {
        expect(await documentOf(student)).toBeNull();
        expect((await view(student)).statusCode).toBe(404);
        expect((await rowOf(student)).documentDeletedAt).toBeInstanceOf(Date);
      }
      const after = await rowOf(oldRejected);
      expect(after).toEqual({ ...before, documentDeletedAt: expect.any(Date) });
      expect(after.rejectionReason).toBe('The photo is blurred');
      expect(await documentOf(recent)).not.toBeNull();
      expect(await documentOf(pending)).not.toBeNull();
      expect((await rowOf(pending)).documentDeletedAt).toBeNull();

      // The admin's recent decisions: View ID while the image is kept, then "Document deleted after N days".
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/id-verifications/decided',
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.retention_days).toBe(RETENTION_DAYS);
      const item = (student: Student) => body.items.find((i: { student_id: string }) => i.student_id === student.id);
      expect(item(oldRejected)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'The photo is blurred',
        reviewed_date: before.reviewedAt!.toISOString(),
        id_document_url: null,
        document_deleted_date: expect.stringMatching(/^\d{4}-/),
      });
      expect(item(recent)).toMatchObject({
        status: 'approved',
        id_document_url: `/api/admin/id-verifications/${recent.id}/document`,
        document_deleted_date: null,
      });
      expect(item(pending)).toBeUndefined();
      const asStudent = await t.app.inject({
        method: 'GET',
        url: '/api/admin/id-verifications/decided',
        headers: bearer(await t.studentToken(recent.id)),
      });
      expect(asStudent.statusCode).toBe(401);

      // A rejected student uploads again: a new image under review, the deletion mark cleared.
      const file = multipartFile(pngBytes());
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/students/${encodeURIComponent(oldRejected.email)}/upload-id`,
        payload: file.payload,
        headers: { ...file.headers, ...bearer(await t.studentToken(oldRejected.id)) },
      });
      expect(again.statusCode).toBe(200);
      expect(await rowOf(oldRejected)).toMatchObject({ status: 'pending', documentDeletedAt: null });
      expect(await documentOf(oldRejected)).not.toBeNull();
    });

    it('deletes each image once when two runs (two processes) start at the same moment', async () => {
      const students = await Promise.all(Array.from({ length: 6 }, () => decided('approved', RETENTION_DAYS + 2)));
      const deleted: number[] = [];
      const log = { info: (entry: object) => deleted.push((entry as { deleted: number }).deleted) };
      const runs = [1, 2].map(() =>
        idDocumentRetentionJob(t.db, { retentionDays: RETENTION_DAYS, everyMs: 60_000 }, log, t.app.clock),
      );
      const signal = new AbortController().signal;
      await Promise.all(runs.map((job) => job.run(signal)));
      expect(deleted.reduce((sum, n) => sum + n, 0)).toBe(students.length);
      const left = await t.db
        .select()
        .from(idDocuments)
        .where(
          inArray(
            idDocuments.studentId,
            students.map((s) => s.id),
          ),
        );
      expect(left).toEqual([]);
    });
  });

  describe('keys', () => {
    it('re-encrypts every document with a new key, batch by batch, and a rerun has nothing to do', async () => {
      const students = await Promise.all(Array.from({ length: 5 }, () => decided('pending', 0)));
      const oldKeys = t.app.privateDataKeys;
      const newKey = randomBytes(32);
      const rotated = new PrivateDataKeyRing(newKey, [t.config.idDocuments.key]);
      const batches: number[] = [];
      const summary = await rotateIdDocumentKey(t.db, rotated, 2, (s) => batches.push(s.reencrypted));
      expect(summary.unreadable).toBe(0);
      expect(summary.reencrypted).toBeGreaterThanOrEqual(students.length);
      expect(batches.length).toBeGreaterThan(2);
      for (const student of students) {
        const row = (await documentOf(student))!;
        expect(row.keyId).toBe(rotated.currentKeyId);
        expect(rotated.open(student.id, row).equals(pngBytes())).toBe(true);
        expect(() => oldKeys.open(student.id, row)).toThrow(/not configured/);
      }
      expect(await rotateIdDocumentKey(t.db, rotated)).toEqual({ reencrypted: 0, unreadable: 0 });
      // Without the key they were encrypted with, documents are reported, not lost.
      const stranger = new PrivateDataKeyRing(randomBytes(32));
      expect((await rotateIdDocumentKey(t.db, stranger)).unreadable).toBeGreaterThanOrEqual(students.length);
      // Back under the app's key, for the other tests.
      await rotateIdDocumentKey(t.db, new PrivateDataKeyRing(t.config.idDocuments.key, [newKey]));
      expect((await view(students[0]!)).statusCode).toBe(200);
    });

    it('refuses to show a document that was altered or moved to another student', async () => {
      const [a, b] = [await decided('pending', 0), await decided('pending', 0)];
      const row = (await documentOf(a))!;
      const flipped = Buffer.from(row.ciphertext);
      flipped[0]! ^= 1;
      await t.db.update(idDocuments).set({ ciphertext: flipped }).where(eq(idDocuments.studentId, a.id));
      expect((await view(a)).statusCode).toBe(500);
      // b's document, under a's id: the student id is authenticated with the ciphertext.
      const other = (await documentOf(b))!;
      await t.db
        .update(idDocuments)
        .set({ nonce: other.nonce, authTag: other.authTag, ciphertext: other.ciphertext })
        .where(eq(idDocuments.studentId, a.id));
      const moved = await view(a);
      expect(moved.statusCode).toBe(500);
      expect(moved.rawPayload.includes(pngBytes().subarray(0, 8))).toBe(false);
    });
  });
});
