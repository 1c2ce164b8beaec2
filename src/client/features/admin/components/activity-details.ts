/** The Activity tab's reading of an audit entry's details: what changed, before and after. */
import { formatPence } from '@shared/money';
import { COMPLETION_STATUS_LABELS } from '@shared/statuses';
import { type AuditEntry } from '@shared/schemas/admin';
import { SETTING_LABELS, type SettingKey } from '@shared/site-settings';
import { formatDate } from '@client/lib/format';

/** A recorded value as the owner reads it: a date as a date, nothing as "none". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** What the entry changed, before and after, when it recorded both. */
const change = (from: unknown, to: unknown) => `${shown(from)} → ${shown(to)}`;

const statusLabel = (status: unknown) =>
  COMPLETION_STATUS_LABELS[status as keyof typeof COMPLETION_STATUS_LABELS] ?? status;

/**
 * A change of the catalogue or the content: each field it changed (`courses.pro.price_pence`), a
 * price in pounds, a list as "changed" (its items are in the entry's before and after).
 */
function documentChangeText(changes: unknown): string {
  if (!Array.isArray(changes)) return '';
  return (changes as Array<{ field?: unknown; from?: unknown; to?: unknown }>)
    .map(({ field, from, to }) => {
      const name = String(field);
      if (Array.isArray(from) || Array.isArray(to) || typeof from === 'object' || typeof to === 'object')
        return `${name} changed`;
      const value = (v: unknown) => (name.endsWith('_pence') && typeof v === 'number' ? formatPence(v) : shown(v));
      return `${name}: ${value(from)} → ${value(to)}`;
    })
    .join(' · ');
}

/** A short human reading of the entry's details. */
export function detailText(entry: AuditEntry): string {
  const d = entry.details ?? {};
  if (entry.action === 'catalogue.updated' || entry.action === 'content.updated') return documentChangeText(d.changes);
  if (entry.action === 'student.status_changed' && typeof d.to === 'string') {
    return change(statusLabel(d.from), statusLabel(d.to));
  }
  if (entry.action === 'student.marked_paid' && typeof d.amount_pence === 'number') {
    return `${String(d.payment_type)} · ${formatPence(Number(d.amount_pence))}`;
  }
  if (entry.action === 'id.rejected' && typeof d.rejection_reason === 'string') return d.rejection_reason;
  if (typeof d.certificate_id === 'string') return d.certificate_id;
  if (entry.action === 'settings.updated') {
    // Each changed key with its new value and the one it replaced ("default": no saved value).
    return Object.entries(d)
      .map(([key, value]) => {
        const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
        const text = (v: unknown) => (typeof v === 'string' ? v : 'default');
        return `${SETTING_LABELS[key as SettingKey]?.label ?? key}: ${text(to)} (was ${text(from)})`;
      })
      .join(' · ');
  }
  if (entry.action.startsWith('cohort.') && typeof d.course_start_date === 'string') {
    const capacity = (d.capacity as { from?: unknown; to?: unknown } | number | null | undefined) ?? null;
    const closed = d.closed as { from?: unknown; to?: unknown } | undefined;
    const limit = typeof capacity === 'object' && capacity !== null ? capacity.to : capacity;
    const parts = [formatDate(d.course_start_date)];
    if (entry.action !== 'cohort.deleted') parts.push(typeof limit === 'number' ? `capacity ${limit}` : 'no limit');
    if (typeof closed?.to === 'boolean') parts.push(closed.to ? 'closed' : 'open');
    // A change says what it was before.
    const before: string[] = [];
    if (typeof capacity === 'object' && capacity !== null && capacity.from !== capacity.to)
      before.push(typeof capacity.from === 'number' ? `capacity ${capacity.from}` : 'no limit');
    if (closed && typeof closed.from === 'boolean' && closed.from !== closed.to)
      before.push(closed.from ? 'closed' : 'open');
    return parts.join(' · ') + (before.length > 0 ? ` (was ${before.join(' · ')})` : '');
  }
  // Any other change recorded with its before and after (a start date, a role).
  if ('from' in d && 'to' in d) return change(d.from, d.to);
  return '';
}
