import { describe, expect, it } from 'vitest';
import { signupTimeText } from './signup-time';

const now = Date.parse('2027-03-01T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('signupTimeText', () => {
  it("says 'Just now' under a minute, for a time ahead of now and for an unreadable time", () => {
    expect(signupTimeText(before(0), now)).toBe('Just now');
    expect(signupTimeText(before(59_999), now)).toBe('Just now');
    expect(signupTimeText(before(-5 * MINUTE), now)).toBe('Just now');
    expect(signupTimeText('not a date', now)).toBe('Just now');
  });

  it('counts whole minutes, then hours, then days, in the singular for one', () => {
    expect(signupTimeText(before(MINUTE), now)).toBe('1 minute ago');
    expect(signupTimeText(before(18 * MINUTE + 59_000), now)).toBe('18 minutes ago');
    expect(signupTimeText(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(signupTimeText(before(HOUR), now)).toBe('1 hour ago');
    expect(signupTimeText(before(2 * HOUR + 30 * MINUTE), now)).toBe('2 hours ago');
    expect(signupTimeText(before(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
    expect(signupTimeText(before(DAY), now)).toBe('1 day ago');
    expect(signupTimeText(before(3 * DAY + 5 * HOUR), now)).toBe('3 days ago');
  });

  it('prints a long-ago count without a thousands separator', () => {
    expect(signupTimeText(before(1234 * DAY), now)).toBe('1234 days ago');
  });

  it('uses the current time by default', () => {
    expect(signupTimeText(new Date(Date.now() - 5 * MINUTE).toISOString())).toBe('5 minutes ago');
  });
});
