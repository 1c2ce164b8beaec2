import { ApiError, authHeader, type AuthKind } from './api-client';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else the fallback. */
function attachmentName(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a file with the signed-in token (a plain link cannot send it) and saves it under the name
 * the server gives. Errors are ApiError with the server's detail.
 */
export async function downloadFile(path: string, auth: AuthKind, fallbackName: string, accept?: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...(accept ? { Accept: accept } : {}), ...authHeader(auth) } });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new ApiError(response.status, typeof body?.detail === 'string' ? body.detail : null);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
