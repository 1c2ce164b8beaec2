import { describe, expect, it } from 'vitest';
import { scrubPersonalValues } from './scrub-personal-values';

describe('scrubPersonalValues', () => {
  const ada = ['Ada', 'Lovelace', 'Ada Lovelace', 'ada.lovelace@example.org', '+447400123456'];

  it('replaces the name, its parts, the email and the phone in any case, and keeps the other words', () => {
    expect(scrubPersonalValues('Refund for ADA LOVELACE (ada.lovelace@example.org), asked by phone', ada)).toBe(
      'Refund for [erased] ([erased]), asked by phone',
    );
    expect(scrubPersonalValues('Photo is not Ada; call +447400123456', ada)).toBe(
      'Photo is not [erased]; call [erased]',
    );
  });

  it('leaves words that only contain a value, and text without one', () => {
    expect(scrubPersonalValues('Moved to Canada', ada)).toBe('Moved to Canada');
    expect(scrubPersonalValues('Duplicate charge', ada)).toBe('Duplicate charge');
    expect(scrubPersonalValues('Anything', [null, undefined, ' ', 'A'])).toBe('Anything');
  });

  it('treats the values as text, not as patterns', () => {
    expect(scrubPersonalValues('Paid by o.brien+1@example.org, not ob-brien', ['o.brien+1@example.org'])).toBe(
      'Paid by [erased], not ob-brien',
    );
  });
});
