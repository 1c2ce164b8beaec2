/**
 * Backups of the embedded database (PGlite in DATA_DIR/db), ID documents included (they are in the
 * database, encrypted):
 *   npm run backup -- <file>              (a gzipped tarball of the database, mode 600)
 *   npm run restore -- <file> [--force]   (into DATA_DIR/db; refuses a non-empty DATA_DIR without --force)
 * Both refuse while a server runs on DATA_DIR (PGlite allows one process at a time). The ID document key is NOT in the
 * backup (a backup with its key is a leak): keep DATA_DIR/id-document-key (or ID_DOCUMENT_KEY)
 * separately, and put it back before starting the restored server. With DATABASE_URL use
 * pg_dump / pg_restore (README). docs/id-documents.md.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { CREDENTIAL_SIGNING_KEY_FILE, ID_DOCUMENT_KEY_FILE, resolveDataDir } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { DATA_DIR_LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { CommandRefused, runCommandMain } from './command-database';

const USAGE = 'Usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]';
/** Files DATA_DIR may already hold when a backup is restored into it: the secrets kept apart from backups. */
const SECRET_FILES = new Set([ID_DOCUMENT_KEY_FILE, CREDENTIAL_SIGNING_KEY_FILE, 'session-secret']);
/** …and this command's own lock. */
const KEPT_FILES = new Set([...SECRET_FILES, DATA_DIR_LOCK_FILE]);

async function backup(dataDir: string, file: string): Promise<number> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(dbDir)) {
    console.error(`No embedded database in ${dbDir}.`);
    return 1;
  }
  const client = await PGlite.create({ dataDir: dbDir, extensions: PGLITE_EXTENSIONS });
  try {
    const { rows } = await client.query<{ students: number; documents: number }>(
      'select (select count(*)::int from students) as students, (select count(*)::int from id_documents) as documents',
    );
    const dump = await client.dumpDataDir('gzip');
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    await rename(partial, file);
    console.log(
      `Backed up ${dbDir} to ${file} (${dump.size} bytes: ${rows[0]?.students ?? 0} students, ${rows[0]?.documents ?? 0} ID documents).`,
    );
    console.log(
      `The ID document key is not in the backup: keep ${path.join(dataDir, ID_DOCUMENT_KEY_FILE)} (or ID_DOCUMENT_KEY) somewhere else.`,
    );
    return 0;
  } finally {
    await client.close();
  }
}

async function restore(dataDir: string, file: string, force: boolean): Promise<number> {
  if (!existsSync(file)) {
    console.error(`No backup file ${file}.`);
    return 1;
  }
  const existing = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => !KEPT_FILES.has(name)) : [];
  if (existing.length > 0 && !force) {
    console.error(`${dataDir} is not empty (${existing.join(', ')}). Restore with --force to replace its database.`);
    return 1;
  }
  // Loaded beside the target first, so a bad file leaves the current database as it was.
  const dbDir = path.join(dataDir, 'db');
  const loading = path.join(dataDir, `db.restoring-${randomUUID()}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let counts;
  try {
    const client = await PGlite.create({
      dataDir: loading,
      loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      ({
        rows: [counts],
      } = await client.query<{ students: number; documents: number }>(
        'select (select count(*)::int from students) as students, (select count(*)::int from id_documents) as documents',
      ));
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(loading, { recursive: true, force: true });
    console.error(`Could not restore ${file}: ${(error as Error).message}`);
    return 1;
  }
  await rm(dbDir, { recursive: true, force: true });
  await rename(loading, dbDir);
  console.log(
    `Restored ${file} into ${dbDir} (${counts?.students ?? 0} students, ${counts?.documents ?? 0} ID documents).`,
  );
  if (!process.env.ID_DOCUMENT_KEY && !existsSync(path.join(dataDir, ID_DOCUMENT_KEY_FILE)))
    console.log(
      `Before starting the server, put the ID document key of this backup in ${path.join(dataDir, ID_DOCUMENT_KEY_FILE)} (or set ID_DOCUMENT_KEY): without it the ID documents cannot be read.`,
    );
  return 0;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, file, ...extra] = parsed.positionals;
  if (!['backup', 'restore'].includes(command ?? '') || !file || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (process.env.DATABASE_URL?.trim()) {
    console.error('With DATABASE_URL, back up and restore with pg_dump / pg_restore (README).');
    return 2;
  }
  const dataDir = resolveDataDir();
  const target = path.resolve(file);
  const unlock = lockWhileRunning(dataDir, command === 'backup' ? 'back up' : 'restore');
  try {
    return command === 'backup' ? await backup(dataDir, target) : await restore(dataDir, target, parsed.values.force);
  } finally {
    unlock();
  }
}

/** Takes DATA_DIR's lock (none to take while DATA_DIR does not exist); refuses while a server holds it. */
function lockWhileRunning(dataDir: string, action: string): () => void {
  if (!existsSync(dataDir)) return () => {};
  try {
    return lockDataDir(dataDir, `backup.js ${action}`);
  } catch (error) {
    throw new CommandRefused(
      `${(error as Error).message}\nStop the server first (Ctrl+C, or kill -TERM with the process id above), ${action}, then start it again.`,
    );
  }
}

runCommandMain(main);
