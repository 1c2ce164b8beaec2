/**
 * Admin accounts from the command line:
 *   npm run admin -- create <username>         (prints a generated password)
 *   npm run admin -- set-password <username>   (prints a generated password)
 * Pipe a password in with --password-stdin to choose it. Uses the same DATABASE_URL / DATA_DIR as
 * the server; in embedded mode stop the server first (PGlite allows one process at a time).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin, generatePassword, setAdminPassword } from '@server/domain/admins/create-admin';

const USAGE = 'Usage: npm run admin -- create|set-password <username> [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'password-stdin': { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, username, ...extra] = parsed.positionals;
  const passwordFromStdin = parsed.values['password-stdin'];
  if (!['create', 'set-password'].includes(command ?? '') || !username || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const password = passwordFromStdin ? await readStdin() : generatePassword();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    if (command === 'create') {
      await createAdmin(database.db, username, password);
      console.log(`Created admin "${username}".`);
    } else if (!(await setAdminPassword(database.db, username, password))) {
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

main().then((code) => process.exit(code));
