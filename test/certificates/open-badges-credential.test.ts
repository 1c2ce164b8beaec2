// engines: both
/**
 * Open Badges 3.0 (docs/product/api-contracts.md, docs/decisions/044-open-badges-credential.md): the
 * credential and the status list are checked the way an outside verifier would — keys from
 * /.well-known/jwks.json imported with node:crypto, signatures checked with crypto.verify — never
 * through the code that signed them.
 */
import { createHash, createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';
import { messages } from '@shared/messages';
import { insertCertificate } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';

interface Jwk extends JsonWebKey {
  kid: string;
}
interface Jws {
  header: Record<string, unknown>;
  payload: Record<string, unknown> & {
    credentialSubject: Record<string, unknown>;
    credentialStatus: Record<string, string>;
  };
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checks a compact JWS against the published keys with node:crypto alone; returns its parts. */
function verifyIndependently(jws: string, keys: Jwk[]): Jws {
  const [header, payload, signature] = jws.split('.');
  expect(signature).toBeDefined();
  const protectedHeader = decode(header!);
  const jwk = keys.find((key) => key.kid === protectedHeader.kid);
  expect(jwk, `kid ${String(protectedHeader.kid)} in the JWKS`).toBeDefined();
  const { kid: _kid, alg: _alg, use: _use, ...keyMaterial } = jwk!;
  const key = createPublicKey({ key: keyMaterial, format: 'jwk' });
  expect(key.asymmetricKeyType).toBe('ed25519');
  const signed = verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url'));
  expect(signed).toBe(true);
  return { header: protectedHeader, payload: decode(payload!) as Jws['payload'] };
}

describe('Open Badges 3.0 credential', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await t.adminToken('badge-owner', 'owner');
  });
  afterAll(() => t.close());

  let address = 0;
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${(address += 1) % 250}` });
  const jwks = async () => {
    const res = await get('/.well-known/jwks.json');
    expect(res.statusCode).toBe(200);
    return (res.json() as { keys: Jwk[] }).keys;
  };

  /** The certificate's bit in its status list, read from a verified list. */
  async function statusBit(status: Record<string, string>): Promise<number> {
    const url = new URL(status.statusListCredential!);
    const res = await get(url.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vc+jwt');
    const list = verifyIndependently(res.body, await jwks());
    expect(list.header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
    expect(list.payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: status.statusListCredential,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: { id: 'http://localhost:3000/api/credentials/issuer' },
    });
    const subject = list.payload.credentialSubject as { type: string; statusPurpose: string; encodedList: string };
    expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
    expect(subject.encodedList.startsWith('u')).toBe(true);
    const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
    expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
    const index = Number(status.statusListIndex);
    return (bits[index >> 3]! >> (7 - (index & 7))) & 1;
  }

  it('signs an OpenBadgeCredential that verifies with the published key, with every required field', async () => {
    const { student, certificate } = await insertCertificate(t.db, {
      activated: true,
      activatedAt: new Date('2027-04-20T09:30:00Z'),
      student: { columns: { firstName: 'Ada', lastName: 'Lovelace' } },
    });
    const res = await get(`/api/certificates/${certificate.certificateId.toLowerCase()}/credential`);
    expect(res.statusCode).toBe(200);
    const { credential } = res.json() as { credential: string };
    const { header, payload } = verifyIndependently(credential, await jwks());
    expect(header).toEqual({ alg: 'EdDSA', kid: expect.any(String), typ: 'vc+jwt' });
    expect(payload).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: `urn:uuid:${certificate.id}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: {
        id: 'http://localhost:3000/api/credentials/issuer',
        type: ['Profile'],
        name: 'Video Book Review Specialist',
        url: 'http://localhost:3000',
      },
      validFrom: '2027-04-20T09:30:00Z',
      name: 'Foundation Course',
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }],
        achievement: {
          id: expect.stringMatching(/^http:\/\/localhost:3000\//),
          type: ['Achievement'],
          name: 'Foundation Course',
          description: expect.any(String),
          criteria: { narrative: expect.any(String) },
          image: {
            id: `http://localhost:3000/api/certificates/${certificate.certificateId}/badge.png`,
            type: 'Image',
          },
        },
      },
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(certificate.statusIndex % 131_072),
        statusListCredential: `http://localhost:3000/api/credentials/status/${Math.floor(certificate.statusIndex / 131_072)}`,
      },
    });
    // Nothing beyond what /verify shows: no e-mail, no student id.
    expect(credential).not.toContain(student.email);
    expect(JSON.stringify(payload)).not.toContain(student.id);

    const issuer = await get('/api/credentials/issuer');
    expect(issuer.json()).toEqual(payload.issuer);
  });

  it('publishes Ed25519 keys only, with kid = the RFC 7638 thumbprint, alg EdDSA and use sig', async () => {
    const keys = await jwks();
    expect(keys).toHaveLength(1);
    const { kid, ...key } = keys[0]!;
    expect(key).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), alg: 'EdDSA', use: 'sig' });
    // The thumbprint computed here from the JWK members, apart from the server's code.
    const thumbprint = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${key.x}"}`).digest('base64url');
    expect(kid).toBe(thumbprint);
  });

  it('flips the certificate bit in the signed status list on revocation and back on reinstatement', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: true });
    // Another revoked certificate in the same list must not disturb this one's bit.
    const other = await insertCertificate(t.db, { activated: true });
    const credential = (await get(`/api/certificates/${certificate.certificateId}/credential`)).json() as {
      credential: string;
    };
    const { payload } = verifyIndependently(credential.credential, await jwks());
    const status = payload.credentialStatus;
    expect(await statusBit(status)).toBe(0);

    const revokeOther = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${other.certificate.certificateId}/revoke`,
      headers: bearer(owner),
      payload: { reason: 'Test: a neighbour revoked' },
    });
    expect(revokeOther.statusCode).toBe(200);
    expect(await statusBit(status)).toBe(0);

    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${certificate.certificateId}/revoke`,
      headers: bearer(owner),
      payload: { reason: 'Course payment refunded' },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await statusBit(status)).toBe(1);
    const revoked = await get(`/api/certificates/${certificate.certificateId}/credential`);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toEqual({ detail: messages.credentials.revoked });
    expect((await get(`/api/certificates/${certificate.certificateId}/badge.png`)).statusCode).toBe(409);

    const reinstate = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificate/${certificate.certificateId}/reinstate`,
      headers: bearer(owner),
    });
    expect(reinstate.statusCode).toBe(200);
    expect(await statusBit(status)).toBe(0);
    expect((await get(`/api/certificates/${certificate.certificateId}/credential`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 409 with a clear detail while the certificate is pending', async () => {
    const unknown = await get('/api/certificates/VBR-ZZZZZZZZZZ/credential');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.certificates.unknownId });
    expect((await get('/api/certificates/VBR-ZZZZZZZZZZ/badge.png')).statusCode).toBe(404);

    const { certificate } = await insertCertificate(t.db, { activated: false });
    const pending = await get(`/api/certificates/${certificate.certificateId}/credential`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ detail: messages.credentials.pending });
  });

  it('serves the badge as a PNG image', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: true, course: 'pro' });
    const res = await get(`/api/certificates/${certificate.certificateId}/badge.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: 600 × 600.
    expect(res.rawPayload.readUInt32BE(16)).toBe(600);
    expect(res.rawPayload.readUInt32BE(20)).toBe(600);
  });

  it('refuses a status list number outside the index range', async () => {
    expect((await get('/api/credentials/status/16384')).statusCode).toBe(400);
    expect((await get('/api/credentials/status/-1')).statusCode).toBe(400);
  });
});

describe('credential key rotation', () => {
  it('keeps the old key in the JWKS after a restart with a new CREDENTIAL_SIGNING_KEY, so old credentials still verify', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-rotation-'));
    const start = (key: string) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'r'.repeat(48),
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://localhost:3000',
        CREDENTIAL_SIGNING_KEY: key,
      });
      config.clientDir = path.join(dataDir, 'no-client');
      // The database outlives each app: the test closes it at the end.
      return buildApp(config, { logger: false, database: { ...database, close: async () => {} } });
    };
    try {
      const before = await start(generateCredentialSigningKey());
      const { certificate } = await insertCertificate(before.db, { activated: true });
      const old = (
        await before.inject({ method: 'GET', url: `/api/certificates/${certificate.certificateId}/credential` })
      ).json() as { credential: string };
      await before.close();

      const after = await start(generateCredentialSigningKey());
      const keys = (await after.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: Jwk[] };
      expect(keys.keys).toHaveLength(2);
      verifyIndependently(old.credential, keys.keys);
      const fresh = (
        await after.inject({ method: 'GET', url: `/api/certificates/${certificate.certificateId}/credential` })
      ).json() as { credential: string };
      const newKid = verifyIndependently(fresh.credential, keys.keys).header.kid;
      expect(newKid).not.toBe(verifyIndependently(old.credential, keys.keys).header.kid);
      await after.close();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
