import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  const student = { one: 'student', other: 'students' };

  it('takes the one form for 1 and the other form for every other whole count', () => {
    expect(plural(1, student)).toBe('student');
    expect(plural(0, student)).toBe('students');
    expect(plural(2, student)).toBe('students');
    expect(plural(21, student)).toBe('students');
    expect(plural(1000, student)).toBe('students');
  });

  it('falls back to the other form when a category has none', () => {
    expect(plural(1, { other: 'sheep' })).toBe('sheep');
  });

  it('works on phrases, not only words', () => {
    expect(`3 ${plural(3, { one: 'student has', other: 'students have' })}`).toBe('3 students have');
    expect(`1 ${plural(1, { one: 'student has', other: 'students have' })}`).toBe('1 student has');
  });
});
