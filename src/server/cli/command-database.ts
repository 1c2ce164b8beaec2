/**
 * The database a command works on: DATABASE_URL, or the embedded one in DATA_DIR, which a running
 * server holds (db/data-dir-lock.ts). Then the command stops with what to do instead, and changes
 * nothing.
 */
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';

export class CommandRefused extends Error {}

export async function openCommandDatabase(config: Config, insteadWhileRunning: string): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new CommandRefused(`${error.message}\n${insteadWhileRunning}`);
    throw error;
  }
}

/** Runs a command's main: its exit code, or a refusal or failure printed as one message and exit 1. */
export function runCommandMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
