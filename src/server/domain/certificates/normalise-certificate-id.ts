import { CERTIFICATE_ID_PATTERN } from '@shared/codes';

/**
 * A certificate id as typed or read aloud ("vbr-ab3de6gh9k ") → its stored form, or null when it
 * cannot be one (then callers answer exactly as for an unknown id).
 */
export function normaliseCertificateId(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  return CERTIFICATE_ID_PATTERN.test(id) ? id : null;
}
