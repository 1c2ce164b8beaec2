import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastPayment, studentSession } from './session';

/** sessionStorage and localStorage as plain maps (the unit tests run in Node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage, localStorage: memoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

describe('lastPayment', () => {
  it('keeps the documented keys and values: the email, the payment type and the amount in pounds', () => {
    lastPayment.set({ email: 'ada@example.com', paymentType: 'combined', amountPence: 22499 });
    expect(storage.getItem('student_email')).toBe('ada@example.com');
    expect(storage.getItem('payment_type')).toBe('combined');
    expect(storage.getItem('payment_amount')).toBe('224.99');
    expect(lastPayment.get()).toEqual({ email: 'ada@example.com', paymentType: 'combined', amountPence: 22499 });
    lastPayment.clear();
    expect(storage.length).toBe(0);
    expect(lastPayment.get()).toEqual({ email: undefined, paymentType: undefined, amountPence: undefined });
  });

  it('leaves out what is not a payment type or an amount', () => {
    storage.setItem('payment_type', 'everything');
    storage.setItem('payment_amount', 'lots');
    expect(lastPayment.get()).toEqual({ email: undefined, paymentType: undefined, amountPence: undefined });
  });
});

describe('studentSession', () => {
  const session = {
    token: 't',
    student: { id: 'a1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', course_paid: false },
  };

  it('stores the session as JSON under student_data', () => {
    studentSession.set(session);
    expect(JSON.parse(storage.getItem('student_data')!)).toEqual(session);
    expect(studentSession.get()).toEqual(session);
    studentSession.clear();
    expect(studentSession.get()).toBeNull();
  });

  it('ignores a stored value without a token and an identity', () => {
    for (const value of ['not json', '42', '{"token":"t"}', '{"token":"t","student":{"id":"a1"}}']) {
      storage.setItem('student_data', value);
      expect(studentSession.get(), value).toBeNull();
    }
  });
});
