/**
 * Why a start failed, in one line an operator can act on, for the failures a set-up step causes
 * (a raw stack of a DrizzleQueryError helps nobody run `createdb -O`). Undefined: print the error.
 */
import { DataDirInUseError } from './db/data-dir-lock';

/** PostgreSQL's SQLSTATE for "permission denied". */
const INSUFFICIENT_PRIVILEGE = '42501';

export function explainStartFailure(error: unknown): string | undefined {
  if (error instanceof DataDirInUseError) {
    return `${error.message}\nStop that process first, or start this one with another DATA_DIR.`;
  }
  const denied = findCause(error, (e) => (e as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE);
  if (denied) {
    return (
      `The database user may not create the site's tables (PostgreSQL: ${(denied as Error).message}). ` +
      'Make the user own the database: createdb -O <user> <database>, or ALTER DATABASE <database> OWNER TO <user> (docs/deploy.md).'
    );
  }
  return undefined;
}

/** The error itself or one of its causes (drizzle wraps the driver's error). */
function findCause(error: unknown, matches: (e: object) => boolean): object | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (matches(e)) return e;
  return undefined;
}
