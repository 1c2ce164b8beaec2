/**
 * "minutes ago" and so on in English (numeric: always, so one day is "1 day ago", not "yesterday").
 * Intl.RelativeTimeFormat has no "Just now", which the widget says for anything under a minute.
 */
let relative: Intl.RelativeTimeFormat | undefined;

/**
 * The count without a thousands separator ("1234 days ago"), which RelativeTimeFormat cannot turn off.
 * The formatter is made on first use: the example sign-ups shown before any real one carry no time,
 * and a page's first Intl formatter costs a phone tens of milliseconds.
 */
const ago = (count: number, unit: 'minute' | 'hour' | 'day') =>
  (relative ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' }))
    .formatToParts(-count, unit)
    .filter((part) => part.type !== 'group')
    .map((part) => part.value)
    .join('');

/** "Just now", "5 minutes ago", "2 hours ago", "3 days ago" for a sign-up time. */
export function signupTimeText(isoTime: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(isoTime).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'Just now';
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, 'hour');
  return ago(Math.floor(hours / 24), 'day');
}
