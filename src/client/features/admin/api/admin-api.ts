/**
 * Every admin call goes through here: the admin token is sent, and a 401 (token missing, expired or
 * revoked) ends the session and sends the user to the login page.
 */
import { decodeJwt } from 'jose';
import { api, ApiError, authHeader, type ApiOptions } from '@client/lib/api-client';
import { adminSession } from '@client/lib/session';
import { paths } from '@shared/routes';

/**
 * The stored admin token: `valid` (not expired yet; the server still checks it, and revocation, on
 * every call), `expired` (dropped), or `none`. A token that does not decode as a JWT is dropped too.
 */
export function adminTokenStatus(): 'valid' | 'expired' | 'none' {
  const token = adminSession.getToken();
  if (!token) return 'none';
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
      adminSession.clear();
      return 'expired';
    }
    return 'valid';
  } catch {
    adminSession.clear();
    return 'none';
  }
}

export const hasAdminToken = (): boolean => adminTokenStatus() === 'valid';

/** The login page that says the session has ended. */
export const sessionEndedLogin = `${paths.adminLogin}?session=ended`;

/** A 401 on an admin call: the token expired or was revoked. To the login page, which says so. */
export function endAdminSession(): void {
  adminSession.clear();
  if (window.location.pathname !== paths.adminLogin) window.location.assign(sessionEndedLogin);
}

export async function adminApi<T>(path: string, options: Omit<ApiOptions, 'auth' | 'bearer'> = {}): Promise<T> {
  const sent = adminSession.getToken();
  try {
    return await api<T>(path, { ...options, auth: 'admin' });
  } catch (error) {
    // Only when the token it was sent with is still the session's: after a logout (the token already
    // dropped) a refetch that was in flight answers 401, and that is no ended session.
    if (error instanceof ApiError && error.status === 401 && sent !== null && adminSession.getToken() === sent)
      endAdminSession();
    throw error;
  }
}

/** A raw authenticated fetch (file downloads); 401 ends the session like adminApi. */
export async function adminFetch(path: string): Promise<Response> {
  const response = await fetch(path, { headers: authHeader('admin') });
  if (response.status === 401) endAdminSession();
  if (!response.ok) throw new ApiError(response.status, null);
  return response;
}

/** `?a=1&b=2` without empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
