/**
 * Browser storage (docs/product/api-contracts.md), only through here: the student session and the
 * admin token in localStorage, and the last payment in sessionStorage for /success. The keys and
 * stored values are the documented ones (the e2e tests read them). The student session outlives the
 * tab (docs/decisions/043-student-session-and-sign-in-links.md): it ends when its token expires, at a
 * 401, or at a logout in any tab.
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
  /**
   * Set by the registration: the dashboard has not been shown to this new student yet (it greets them
   * "Welcome", then "Welcome back" on later visits and sign-ins).
   */
  first_visit?: boolean;
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

/**
 * What of the student's record is kept on the device: who they are and what they have paid for (the
 * wizard resumes from it). The rest (phone, referral code, status) is read from the API when shown.
 */
const KEPT_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'enrollment_paid',
  'course_paid',
  'course_type',
  'course_start_date',
  'total_paid',
] as const satisfies readonly (keyof StudentAreaRecord)[];

const keptStudent = (student: SessionStudent): SessionStudent =>
  Object.fromEntries(
    KEPT_FIELDS.filter((key) => key in student).map((key) => [key, student[key]]),
  ) as unknown as SessionStudent;

/** When the token expires (its `exp`), or null when it carries none the client can read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Tells this tab's listeners the session changed (other tabs get the storage event). */
const CHANGED = 'vbr:student-session';
const announce = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
};

/** The stored session: localStorage, or a session kept in this tab by an earlier version (moved over). */
function readStudent(): StudentSession | null {
  const stored = readJson(local(), STUDENT_KEY);
  if (isStudentSession(stored)) return stored;
  const older = readJson(session(), STUDENT_KEY);
  if (!isStudentSession(older)) return null;
  session()?.removeItem(STUDENT_KEY);
  local()?.setItem(STUDENT_KEY, JSON.stringify({ ...older, student: keptStudent(older.student) }));
  return older;
}

export const studentSession = {
  /** The session, unless its token has expired (then it is dropped). */
  get: (): StudentSession | null => {
    const value = readStudent();
    if (!value) return null;
    const expiresAt = tokenExpiresAt(value.token);
    if (expiresAt !== null && expiresAt <= Date.now()) {
      // Quietly: get() runs while rendering, where announcing would start another render.
      local()?.removeItem(STUDENT_KEY);
      return null;
    }
    return value;
  },
  set: (value: StudentSession) => {
    local()?.setItem(STUDENT_KEY, JSON.stringify({ ...value, student: keptStudent(value.student) }));
    announce();
  },
  clear: () => {
    local()?.removeItem(STUDENT_KEY);
    session()?.removeItem(STUDENT_KEY);
    announce();
  },
  /** Calls `onChange` when the session changes in this tab or another (for useSyncExternalStore). */
  subscribe: (onChange: () => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STUDENT_KEY || event.key === null) onChange();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(CHANGED, onChange);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CHANGED, onChange);
    };
  },
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
