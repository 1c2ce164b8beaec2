// engines: both
/**
 * The start-up steps main.ts runs before it listens (src/server/start-up.ts): an ID document left on
 * disk by an earlier version is moved into the database, documents under a key that is not
 * configured are reported, and the first admin is created. A second start finds nothing to do.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { admins, idDocuments, idVerifications } from '@server/db/schema';
import { runStartUpSteps } from '@server/start-up';
import { insertCourseStudent, insertIdVerification, storeIdDocument } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pngBytes } from '../helpers/uploads';

describe('start-up steps', () => {
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    t = await buildTestApp(
      { LOG_LEVEL: 'info', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a-long-enough-password' },
      { logger: true, logStream },
    );
  });
  afterAll(() => t.close());

  it('moves ID documents in from disk, reports unreadable ones and creates the first admin, once', async () => {
    const onDisk = await insertCourseStudent(t.db, { idStatus: 'pending' });
    const name = `${randomUUID()}.png`;
    const uploads = path.join(t.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, name), pngBytes());
    await t.db.update(idVerifications).set({ documentKey: name }).where(eq(idVerifications.studentId, onDisk.id));
    const underOldKey = await insertCourseStudent(t.db);
    await insertIdVerification(t.db, underOldKey.id, 'pending');
    const forgottenKey = new PrivateDataKeyRing(randomBytes(32));
    await storeIdDocument(t.db, forgottenKey, underOldKey.id, pngBytes());

    await runStartUpSteps(t.app);

    expect(existsSync(path.join(uploads, name))).toBe(false);
    const [moved] = await t.db.select().from(idDocuments).where(eq(idDocuments.studentId, onDisk.id));
    expect(moved?.keyId).toBe(t.app.privateDataKeys.currentKeyId);
    expect(logs).toContain('ID document files moved into the database');
    expect(logs).toContain(forgottenKey.currentKeyId);
    expect(logs).toContain('encrypted with a key that is not configured');
    expect(await t.db.select().from(admins).where(eq(admins.username, 'owner'))).toHaveLength(1);

    logs = '';
    await runStartUpSteps(t.app);
    expect(logs).not.toContain('moved into the database');
    expect(await t.db.select().from(admins).where(eq(admins.username, 'owner'))).toHaveLength(1);
  });
});
