/**
 * The embedded database (PGlite) allows one process at a time: a second one reading or writing the
 * same files loses data silently (an admin created beside a running server vanished at its restart).
 * Whoever opens DATA_DIR's database (the server, `npm run admin`, `backup`, `restore`, `check:ledger`)
 * first takes DATA_DIR/lock, a file holding its process id; a lock whose process is gone (a crash, a
 * kill -9) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DATA_DIR_LOCK_FILE = 'lock';

export class DataDirInUseError extends Error {}

interface Holder {
  pid: number;
  /** `node dist/node/main.js`, `admin create …`: said in the refusal. */
  what: string;
  since: string;
}

/** Takes DATA_DIR's lock for this process; returns its release. Throws DataDirInUseError while another process holds it. */
export function lockDataDir(dataDir: string, what: string): () => void {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const mine: Holder = { pid: process.pid, what, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      const release = () => {
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        process.removeListener('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && isRunning(holder.pid)) throw new DataDirInUseError(inUseMessage(dataDir, holder));
    // Left by a process that is gone: take it over (one retry; a second start racing us wins or loses here).
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`${dataDir} is in use by another process that is starting; try again.`);
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, what: String(holder.what), since: String(holder.since) }
      : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUseMessage(dataDir: string, holder: Holder): string {
  const who = holder.what.includes('main.js') ? 'the server' : `"${holder.what}"`;
  return (
    `The embedded database in ${dataDir} is in use by ${who} (process ${holder.pid}, since ${holder.since}); ` +
    `it allows one process at a time.`
  );
}
