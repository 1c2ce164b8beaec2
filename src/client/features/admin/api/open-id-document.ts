import { adminFetch } from './admin-api';

/**
 * View ID: the document needs the admin token, so it is fetched here and shown from a blob URL in
 * a new window (opened first, inside the click, so pop-up blockers allow it).
 */
export async function openIdDocument(documentUrl: string): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const response = await adminFetch(documentUrl);
    const url = URL.createObjectURL(await response.blob());
    if (target) target.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    target?.close();
    throw error;
  }
}
