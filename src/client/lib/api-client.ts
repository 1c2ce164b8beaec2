/**
 * fetch for the API: JSON in and out, the right bearer token, and errors as ApiError carrying the
 * server's `detail` (shown where a message falls back to the server's detail).
 */
import { adminSession, studentSession } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The error body's `true` flags beside `detail` (e.g. `totp_required`). */
    readonly flags: Readonly<Record<string, boolean>> = {},
    /** The error body as sent (create-payment's 409 carries today's `amount`). */
    readonly body: unknown = null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export type AuthKind = 'none' | 'student' | 'admin';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  auth?: AuthKind;
  /** A token to send instead of the stored one (logout sends the token it has just dropped). */
  bearer?: string;
  signal?: AbortSignal;
}

export function authHeader(auth: AuthKind): Record<string, string> {
  const token = auth === 'admin' ? adminSession.getToken() : auth === 'student' ? studentSession.get()?.token : null;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'none', bearer, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(bearer ? { Authorization: `Bearer ${bearer}` } : authHeader(auth)),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  // The stored student token is no longer accepted (expired, revoked by a logout elsewhere): the
  // session ends here, and the pages watching it send the student to sign in.
  if (response.status === 401 && auth === 'student' && !bearer) studentSession.clear();
  if (!response.ok) {
    const detail =
      data && typeof data === 'object' && typeof (data as { detail?: unknown }).detail === 'string'
        ? (data as { detail: string }).detail
        : null;
    const flags =
      data && typeof data === 'object'
        ? Object.fromEntries(Object.entries(data).filter(([, value]) => value === true))
        : {};
    throw new ApiError(response.status, detail, flags, data);
  }
  return data as T;
}

/** The server's detail when there is one, else the fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
