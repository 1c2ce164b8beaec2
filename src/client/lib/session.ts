/**
 * Browser storage (SPEC.md section 3): the student session in sessionStorage, the admin token in
 * localStorage, and the last payment in sessionStorage for /success.
 */

export interface StudentSession {
  token: string;
  student: { id: string; email: string; first_name: string; last_name: string } & Record<string, unknown>;
}

const STUDENT_KEY = 'student_data';
const ADMIN_TOKEN_KEY = 'admin_token';
export const PAYMENT_KEYS = ['student_email', 'payment_type', 'payment_amount'] as const;

function read<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export const studentSession = {
  get: (): StudentSession | null => read<StudentSession>(session(), STUDENT_KEY),
  set: (value: StudentSession) => session()?.setItem(STUDENT_KEY, JSON.stringify(value)),
  clear: () => session()?.removeItem(STUDENT_KEY),
};

export const adminSession = {
  getToken: (): string | null => local()?.getItem(ADMIN_TOKEN_KEY) ?? null,
  setToken: (token: string) => local()?.setItem(ADMIN_TOKEN_KEY, token),
  clear: () => local()?.removeItem(ADMIN_TOKEN_KEY),
};
