/**
 * Every admin call goes through here: the admin token is sent, and a 401 (token missing, expired or
 * revoked) ends the session and sends the user to the login page.
 */
import { decodeJwt } from 'jose';
import { api, ApiError, authHeader, type ApiOptions } from '@client/lib/api-client';
import { adminSession } from '@client/lib/session';
import { paths } from '@shared/routes';

/**
 * A stored token that has not expired yet (the server still checks it, and revocation, on every call).
 * A token that does not decode as a JWT is dropped.
 */
export function hasAdminToken(): boolean {
  const token = adminSession.getToken();
  if (!token) return false;
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
      adminSession.clear();
      return false;
    }
    return true;
  } catch {
    adminSession.clear();
    return false;
  }
}

export function endAdminSession(): void {
  adminSession.clear();
  if (window.location.pathname !== paths.adminLogin) window.location.assign(paths.adminLogin);
}

export async function adminApi<T>(path: string, options: Omit<ApiOptions, 'auth'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...options, auth: 'admin' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) endAdminSession();
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
