/** Referral codes and certificate ids: `VBR-` + characters without 0/O/1/I (docs/product/README.md, glossary). */

export const READABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_PATTERN = /^VBR-[A-HJ-NP-Z2-9]{6}$/;
export const CERTIFICATE_ID_PATTERN = /^VBR-[A-HJ-NP-Z2-9]{10}$/;

/**
 * A certificate id as typed or read aloud ("vbr-ab3de6gh9k ") → its stored form, or null when it
 * cannot be one (then callers answer exactly as for an unknown id).
 */
export function normaliseCertificateId(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  return CERTIFICATE_ID_PATTERN.test(id) ? id : null;
}
