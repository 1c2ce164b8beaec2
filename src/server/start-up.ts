/**
 * The steps main.ts runs once the app is built (and migrated) and before it listens, each named:
 * the server's own data put in order, then what an operator should hear about. Tests build the app
 * without them (test/foundation/start-up.test.ts runs them).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bootstrapAdmin } from './domain/admins/bootstrap-admin';
import { importDiskIdDocuments } from './domain/id-verification/import-disk-id-documents';
import { idDocumentKeyUsage } from './domain/id-verification/rotate-id-document-key';
import { cpdProviderNumber } from './domain/settings/site-settings';
import { effectiveSettings } from './domain/settings/site-settings-store';
import { LegacyUploadDir } from './storage/legacy-uploads';

export async function runStartUpSteps(app: FastifyInstance): Promise<void> {
  await moveDiskIdDocumentsIntoDatabase(app);
  await reportUnreadableIdDocuments(app);
  await bootstrapAdmin(
    app.db,
    app.config.admin,
    (line) => app.log.info(line),
    (password) => handOverFirstAdminPassword(app, password),
  );
  await warnWithoutCpdNumber(app);
}

/** In DATA_DIR: the first admin's generated password, until its reader deletes it. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

/** The generated first password goes into a file only this user can read; the log says where. */
async function handOverFirstAdminPassword(app: FastifyInstance, password: string): Promise<void> {
  const file = path.join(app.config.dataDir, FIRST_ADMIN_PASSWORD_FILE);
  await mkdir(app.config.dataDir, { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  app.log.warn(
    { file },
    'First start: created the administrator "admin"; its password is in this file (readable by this user only). Sign in at /admin/login, then delete the file.',
  );
}

/** ID documents uploaded before they moved into the database are moved in (docs/decisions/018). */
async function moveDiskIdDocumentsIntoDatabase(app: FastifyInstance): Promise<void> {
  const uploads = new LegacyUploadDir(path.join(app.config.dataDir, 'uploads'));
  const moved = await importDiskIdDocuments(app.db, app.privateDataKeys, uploads, app.clock());
  if (moved.imported + moved.notHere + moved.removed > 0)
    app.log.info(moved, 'ID document files moved into the database');
}

async function reportUnreadableIdDocuments(app: FastifyInstance): Promise<void> {
  const unreadable = (await idDocumentKeyUsage(app.db)).filter(({ keyId }) => !app.privateDataKeys.has(keyId));
  if (unreadable.length === 0) return;
  app.log.error(
    { keyIds: unreadable.map((k) => k.keyId), documents: unreadable.reduce((sum, k) => sum + k.documents, 0) },
    'ID documents are encrypted with a key that is not configured (ID_DOCUMENT_KEY / ID_DOCUMENT_OLD_KEYS): they cannot be shown',
  );
}

/** A production site (on PostgreSQL) should print its CPD provider number on certificates. */
async function warnWithoutCpdNumber(app: FastifyInstance): Promise<void> {
  if (!app.config.databaseUrl || cpdProviderNumber(await effectiveSettings(app.db, app.config))) return;
  app.log.warn(
    'No CPD provider number (neither CPD_PROVIDER_NUMBER nor the Settings tab): certificates are issued without one',
  );
}
