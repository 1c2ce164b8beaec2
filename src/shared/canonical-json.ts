/**
 * JSON with every object's keys in order, to compare two documents: PostgreSQL's jsonb keeps keys in
 * its own order, so a saved document reads back with its keys reordered.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
