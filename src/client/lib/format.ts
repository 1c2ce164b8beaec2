import { dateFromIso, formatLongDate } from '@shared/schedule';

/** "2027-03-01" or an ISO timestamp → "1 March 2027" (en-GB long format); '' for none or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dateFromIso(value);
  return Number.isNaN(date.getTime()) ? '' : formatLongDate(date);
}
