/** English plurals by the language's own rules (Intl.PluralRules), for the texts in messages.ts and the pages. */

const cardinal = new Intl.PluralRules('en-GB');

/** The forms of a word or phrase by plural category; English uses `one` and `other`. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form that goes with `count`: plural(1, { one: 'student', other: 'students' }) → "student". */
export function plural(count: number, forms: PluralForms): string {
  return forms[cardinal.select(count)] ?? forms.other;
}
