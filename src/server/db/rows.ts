/**
 * The single row a statement is known to return: an aggregate, or an insert/update … returning on a
 * row that exists (locked, or just checked). Its absence is a bug, not a user error.
 */
export function one<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('expected one row, got none');
  return row;
}
