import { z } from 'zod';

/** GET /api/certificates/{certificate_id}/credential: the Open Badges 3.0 credential as a VC-JWT. */
export const certificateCredentialResponse = z.object({ credential: z.string() });
export type CertificateCredentialResponse = z.infer<typeof certificateCredentialResponse>;

/** GET /api/credentials/status/{list}: a status list's number (0 … 16383 cover every status index). */
export const statusListParams = z.object({ list: z.coerce.number().int().min(0).max(16_383) });

const publicJwk = z.object({
  /** OKP and Ed25519 for every key this site makes. */
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

/** GET /.well-known/jwks.json: every credential signing key, the current and the earlier ones. */
export const jwksResponse = z.object({ keys: z.array(publicJwk) });

/** GET /api/credentials/issuer: the Open Badges issuer Profile. */
export const issuerProfileResponse = z.object({
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});
