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
let local: Storage;
let events: EventTarget;
beforeEach(() => {
  storage = memoryStorage();
  local = memoryStorage();
  events = new EventTarget();
  vi.stubGlobal('window', {
    sessionStorage: storage,
    localStorage: local,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  });
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
  /** A token whose payload says it expires at `exp` (seconds), as the server's JWTs do. */
  const tokenExpiring = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

  it('stores the session as JSON under student_data in localStorage, so other tabs and restarts keep it', () => {
    studentSession.set(session);
    expect(JSON.parse(local.getItem('student_data')!)).toEqual(session);
    expect(storage.getItem('student_data')).toBeNull();
    expect(studentSession.get()).toEqual(session);
    studentSession.clear();
    expect(studentSession.get()).toBeNull();
  });

  it('keeps who the student is and what they paid, not the rest of the record', () => {
    studentSession.set({
      token: 't',
      student: { ...session.student, phone: '07400 123456', referral_code: 'ADA1', completion_status: 'enrolled' },
    });
    expect(Object.keys(JSON.parse(local.getItem('student_data')!).student).sort()).toEqual([
      'course_paid',
      'email',
      'first_name',
      'id',
      'last_name',
    ]);
  });

  it('drops a session whose token has expired', () => {
    const now = Math.floor(Date.now() / 1000);
    studentSession.set({ ...session, token: tokenExpiring(now + 60) });
    expect(studentSession.get()?.student.id).toBe('a1');
    studentSession.set({ ...session, token: tokenExpiring(now - 1) });
    expect(studentSession.get()).toBeNull();
    expect(local.getItem('student_data')).toBeNull();
  });

  it('moves a session an earlier version kept in the tab over to localStorage', () => {
    storage.setItem('student_data', JSON.stringify(session));
    expect(studentSession.get()).toEqual(session);
    expect(storage.getItem('student_data')).toBeNull();
    expect(JSON.parse(local.getItem('student_data')!)).toEqual(session);
  });

  it('tells subscribers about a sign-in or sign-out in this tab', () => {
    const onChange = vi.fn();
    const unsubscribe = studentSession.subscribe(onChange);
    studentSession.set(session);
    studentSession.clear();
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
    studentSession.set(session);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('ignores a stored value without a token and an identity', () => {
    for (const value of ['not json', '42', '{"token":"t"}', '{"token":"t","student":{"id":"a1"}}']) {
      local.setItem('student_data', value);
      expect(studentSession.get(), value).toBeNull();
    }
  });
});
