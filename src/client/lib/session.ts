/**
 * Browser storage (docs/product/api-contracts.md), only through here: the student session in sessionStorage,
 * the admin token in localStorage, and the last payment in sessionStorage for /success. The keys
 * and stored values are the documented ones (the e2e tests read them).
 */
import { PAYMENT_TYPES, type PaymentType } from '@shared/catalogue';
import { penceToPounds, poundsToPence, type Pence } from '@shared/money';
import type { StudentAreaRecord } from '@shared/schemas/student-area';

/**
 * The logged-in student's record. The login and every payment store the whole record; right after
 * registration the enrolment wizard knows only who the student is (and that nothing is paid yet),
 * so only the identity is certain.
 */
export type SessionStudent = Pick<StudentAreaRecord, 'id' | 'email' | 'first_name' | 'last_name'> &
  Partial<StudentAreaRecord>;

export interface StudentSession {
  token: string;
  student: SessionStudent;
}

/** What /success shows of the payment just made. */
export interface LastPayment {
  email: string;
  paymentType: PaymentType;
  amountPence: Pence;
}

const STUDENT_KEY = 'student_data';
const ADMIN_TOKEN_KEY = 'admin_token';
const PAYMENT_KEYS = { email: 'student_email', paymentType: 'payment_type', amount: 'payment_amount' } as const;

const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** Storage can hold anything (an older version, a hand edit): only a session with a token and an identity counts. */
function isStudentSession(value: unknown): value is StudentSession {
  const { token, student } = (value ?? {}) as { token?: unknown; student?: Record<string, unknown> | null };
  return (
    isString(token) && !!student && [student.id, student.email, student.first_name, student.last_name].every(isString)
  );
}

export const studentSession = {
  get: (): StudentSession | null => {
    const value = readJson(session(), STUDENT_KEY);
    return isStudentSession(value) ? value : null;
  },
  set: (value: StudentSession) => session()?.setItem(STUDENT_KEY, JSON.stringify(value)),
  clear: () => session()?.removeItem(STUDENT_KEY),
};

export const adminSession = {
  getToken: (): string | null => local()?.getItem(ADMIN_TOKEN_KEY) ?? null,
  setToken: (token: string) => local()?.setItem(ADMIN_TOKEN_KEY, token),
  clear: () => local()?.removeItem(ADMIN_TOKEN_KEY),
};

/** The last payment, for /success: the amount is stored in pounds with two decimals ("224.99"). */
export const lastPayment = {
  set: ({ email, paymentType, amountPence }: LastPayment) => {
    session()?.setItem(PAYMENT_KEYS.email, email);
    session()?.setItem(PAYMENT_KEYS.paymentType, paymentType);
    session()?.setItem(PAYMENT_KEYS.amount, penceToPounds(amountPence).toFixed(2));
  },
  /** Each part that is stored and well formed. */
  get: (): Partial<LastPayment> => {
    const read = (key: string) => session()?.getItem(key) || undefined;
    const paymentType = read(PAYMENT_KEYS.paymentType);
    const amount = Number(read(PAYMENT_KEYS.amount));
    return {
      email: read(PAYMENT_KEYS.email),
      paymentType: PAYMENT_TYPES.find((type) => type === paymentType),
      amountPence: Number.isFinite(amount) ? poundsToPence(amount) : undefined,
    };
  },
  clear: () => Object.values(PAYMENT_KEYS).forEach((key) => session()?.removeItem(key)),
};
