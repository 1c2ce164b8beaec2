/**
 * The one text rule for every string that arrives in a body, a path or a query (docs/decisions/012-hardening.md):
 * - no NUL and no other control character (tab, line feed and carriage return only in multi-line
 *   fields such as a message or notes),
 * - no lone UTF-16 surrogate (PostgreSQL cannot store one; the browser never sends one),
 * - in names: no bidi override/isolate characters (U+202A–U+202E, U+2066–U+2069), which would
 *   reorder what the public verification page shows.
 * Every route schema builds its strings with `text()` (single line), `multilineText()` or `nameText()`.
 */
import { z } from 'zod';
import { messages } from '@shared/messages';

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextKind = 'line' | 'multiline' | 'name';

/** Whether `value` follows the text rule for a field of this kind. */
export function isAllowedText(value: string, kind: TextKind = 'line'): boolean {
  if (LONE_SURROGATE.test(value)) return false;
  if ((kind === 'multiline' ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return false;
  if (kind === 'name' && BIDI_CONTROL.test(value)) return false;
  return true;
}

type StringParams = Parameters<typeof z.string>[0];

function ruled(kind: TextKind, params?: StringParams) {
  const message = kind === 'name' ? messages.common.invalidNameCharacters : messages.common.invalidCharacters;
  return z.string(params).refine((value) => isAllowedText(value, kind), { message, abort: true });
}

/** A single-line string (no control characters at all). */
export const text = (params?: StringParams) => ruled('line', params);
/** A multi-line string: tab and line breaks allowed. */
export const multilineText = (params?: StringParams) => ruled('multiline', params);
/** A person's name: single line and no bidi override characters. */
export const nameText = (params?: StringParams) => ruled('name', params);
