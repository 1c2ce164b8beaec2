import { describe, expect, it } from 'vitest';
import { formatPence, penceToPounds, poundsToPence } from './money';

describe('money', () => {
  it('formats pence as pounds sterling', () => {
    expect(formatPence(22499)).toBe('£224.99');
    expect(formatPence(7500)).toBe('£75.00');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('converts between pence and the pounds of the API without float drift', () => {
    expect(penceToPounds(8499)).toBe(84.99);
    expect(poundsToPence(84.99)).toBe(8499);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });
});
