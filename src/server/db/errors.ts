/**
 * What a database error means for an answer and for the logs (docs/decisions/012-hardening.md).
 * Drizzle wraps the driver's error (`cause`), and its message carries the SQL and the parameters,
 * so the logs get only `describeDatabaseError` (SQLSTATE, constraint, table), never the message.
 */

/** SQLSTATEs and socket codes that mean "the database is not available right now" (retry later). */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (connection terminated by an administrator)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled: the statement timeout
  '3D000', // invalid_catalog_name: the database does not exist (renamed, dropped)
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: e.g. the database does not accept connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of node-postgres / pg-pool / PGlite for a lost or unobtainable connection. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pool acquisition timeout
  /connection terminated/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /pglite is closed/i,
  /database closed/i,
];

interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  severity?: unknown;
  routine?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): DriverError[] {
  const list: DriverError[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && list.length < 8) {
    list.push(current as DriverError);
    current = (current as DriverError).cause;
  }
  return list;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** True when the error (or its cause) is a foreign key violation (23503): the row referred to is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return chain(error).some((link) => link.code === '23503');
}

/** True when the error (or its cause) says the database cannot be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return !isSqlState(code) && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** The loggable facts of a database error (undefined when the error did not come from the database). */
export function describeDatabaseError(
  error: unknown,
):
  | { sqlState?: string; constraint?: string; table?: string; column?: string; routine?: string; kind: string }
  | undefined {
  const list = chain(error);
  const driver = list.find((e) => isSqlState(e.code));
  const wrapped = list.some((e) => (e as { name?: unknown }).name === 'DrizzleQueryError');
  if (!driver && !wrapped && !isDatabaseUnavailable(error)) return undefined;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const socketCode = list.map((e) => str(e.code)).find((c) => c && !isSqlState(c));
  return {
    kind: isDatabaseUnavailable(error) ? 'database unavailable' : 'database error',
    sqlState: str(driver?.code) ?? socketCode,
    constraint: str(driver?.constraint),
    table: str(driver?.table),
    column: str(driver?.column),
    routine: str(driver?.routine),
  };
}
