/**
 * Admin accounts from the command line:
 *   npm run admin -- create <username> [--role staff|owner]   (an owner unless said; prints a generated password)
 *   npm run admin -- set-password <username>   (prints a generated password)
 *   npm run admin -- rotate-id-key             (re-encrypts every ID document and two-factor secret with ID_DOCUMENT_KEY,
 *                                               reading older ones with ID_DOCUMENT_OLD_KEYS; docs/id-documents.md)
 * Pipe a password in with --password-stdin to choose it. Uses the same DATABASE_URL / DATA_DIR as
 * the server; the embedded database is refused while a server runs on it (one process at a time).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openCommandDatabase, runCommandMain } from './command-database';
import { createAdmin, generatePassword, setAdminPassword } from '@server/domain/admins/create-admin';
import { rotateTotpKey } from '@server/domain/admins/rotate-totp-key';
import { rotateAssessmentKey } from '@server/domain/assessments/rotate-assessment-key';
import { rotateIdDocumentKey } from '@server/domain/id-verification/rotate-id-document-key';
import { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { ADMIN_ROLES, type AdminRole } from '@shared/statuses';

/** What to do instead while a server holds the embedded database. */
const WHILE_RUNNING =
  'Add admins and change their passwords in the admin area (Admins tab) while the server runs, or stop the server first (Ctrl+C, or kill -TERM with the process id above) and run this again.';

const USAGE =
  'Usage: npm run admin -- create <username> [--role staff|owner] [--password-stdin]\n' +
  '       npm run admin -- set-password <username> [--password-stdin]\n' +
  '       npm run admin -- rotate-id-key';

/** Re-encrypts the ID documents with the current key; exits 1 while some have a key that is not configured. */
async function rotateIdKey(): Promise<number> {
  const config = loadConfig();
  const keys = new PrivateDataKeyRing(config.idDocuments.key, config.idDocuments.oldKeys);
  const database = await openCommandDatabase(
    config,
    'Stop the server first (Ctrl+C, or kill -TERM with the process id above), rotate, then start it with the new key.',
  );
  try {
    const summary = await rotateIdDocumentKey(database.db, keys, 20, ({ reencrypted }) => {
      if (reencrypted > 0) console.log(`… ${reencrypted} re-encrypted`);
    });
    console.log(`Re-encrypted ${summary.reencrypted} ID documents with key ${keys.currentKeyId}.`);
    const secrets = await rotateTotpKey(database.db, keys);
    console.log(`Re-encrypted ${secrets.reencrypted} two-factor secrets with key ${keys.currentKeyId}.`);
    const pieces = await rotateAssessmentKey(database.db, keys);
    console.log(`Re-encrypted ${pieces.reencrypted} final pieces with key ${keys.currentKeyId}.`);
    if (pieces.unreadable > 0) {
      console.error(
        `${pieces.unreadable} final pieces use a key that is not configured: add it to ID_DOCUMENT_OLD_KEYS and run again.`,
      );
    }
    if (secrets.unreadable > 0) {
      console.error(
        `${secrets.unreadable} two-factor secrets use a key that is not configured: add it to ID_DOCUMENT_OLD_KEYS and run again.`,
      );
    }
    if (summary.unreadable > 0) {
      console.error(
        `${summary.unreadable} ID documents use a key that is not configured: add it to ID_DOCUMENT_OLD_KEYS and run again.`,
      );
    }
    if (summary.unreadable > 0 || secrets.unreadable > 0 || pieces.unreadable > 0) return 1;
    return 0;
  } finally {
    await database.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'password-stdin': { type: 'boolean', default: false }, role: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, username, ...extra] = parsed.positionals;
  if (command === 'rotate-id-key' && !username) return rotateIdKey();
  const passwordFromStdin = parsed.values['password-stdin'];
  const role = parsed.values.role ?? 'owner';
  const roleFits = (ADMIN_ROLES as readonly string[]).includes(role) && (command === 'create' || !parsed.values.role);
  if (!['create', 'set-password'].includes(command ?? '') || !username || extra.length > 0 || !roleFits) {
    console.error(USAGE);
    return 2;
  }
  const password = passwordFromStdin ? await readStdin() : generatePassword();
  const config = loadConfig();
  const database = await openCommandDatabase(config, WHILE_RUNNING);
  try {
    if (command === 'create') {
      await createAdmin(database.db, username, password, role as AdminRole);
      console.log(`Created admin "${username}" (${role}).`);
    } else if (
      // The command line builds no app: its clock is the system's.
      !(await setAdminPassword(database.db, username, password, new Date()))
    ) {
      console.error(`No admin "${username}".`);
      return 1;
    } else {
      console.log(`Password changed for "${username}".`);
    }
    if (!passwordFromStdin) console.log(`Password: ${password}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

runCommandMain(main);
