import { messages } from '@shared/messages';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** The issuer Profile (GET /api/credentials/issuer, and inside every credential and status list). */
export function issuerProfile(publicUrl: string) {
  return {
    id: `${publicUrl}/api/credentials/issuer`,
    type: ['Profile'],
    name: messages.credentials.issuerName,
    url: publicUrl,
  };
}

/** An XML Schema dateTime without milliseconds, as the VC examples write them. */
export const vcDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
