/**
 * Admin-typed text that outlives an erased student (a refund's reason on the payment kept for the
 * books, a rejection or refusal reason in the audit trail) keeps its words but loses theirs: each of
 * the student's values, as a whole word in any case, becomes "[erased]".
 */
export const ERASED = '[erased]';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function scrubPersonalValues(text: string, values: Array<string | null | undefined>): string {
  const words = values
    .map((value) => value?.trim() ?? '')
    .filter((value) => value.length >= 2)
    // Longest first: the whole email or name before its parts.
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (words.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(pattern, ERASED);
}
