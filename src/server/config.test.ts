import { execSync } from 'node:child_process';
import { createPublicKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const KEY = randomBytes(32).toString('base64');
const OLD_KEY = randomBytes(32).toString('base64');
/** Made by the command README.md and docs/deploy.md give. */
const SIGNING_KEY = execSync('openssl genpkey -algorithm ed25519 -outform DER | openssl base64 -A', {
  encoding: 'utf8',
});
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'vbr-config-'));

function errorFor(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('has working defaults for the embedded mode, with a generated secret kept in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(3000);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.square.environment).toBe('offline');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('names the variable that is wrong', () => {
    expect(errorFor({ PORT: 'eighty' })).toMatch(/PORT/);
    expect(errorFor({ DATABASE_URL: 'mysql://x' })).toMatch(/DATABASE_URL/);
    expect(errorFor({ ADMIN_USERNAME: 'boss' })).toMatch(/ADMIN_PASSWORD/);
    expect(errorFor({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toMatch(
      /ADMIN_PASSWORD: must be at least 12/,
    );
    expect(errorFor({ SQUARE_ENVIRONMENT: 'live' })).toMatch(/SQUARE_ENVIRONMENT/);
    expect(errorFor({ SQUARE_ENVIRONMENT: 'sandbox' })).toMatch(/SQUARE_ACCESS_TOKEN/);
    expect(errorFor({ PUBLIC_URL: 'not a url' })).toMatch(/PUBLIC_URL/);
    expect(errorFor({ REDIS_URL: '127.0.0.1:6379' })).toMatch(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(errorFor({ SHUTDOWN_TIMEOUT_MS: '5' })).toMatch(/SHUTDOWN_TIMEOUT_MS/);
    expect(errorFor({ HTTP_IDLE_TIMEOUT_MS: '0' })).toMatch(/HTTP_IDLE_TIMEOUT_MS/);
    expect(errorFor({ HTTP_REQUEST_TIMEOUT_MS: '10000', HTTP_HEADERS_TIMEOUT_MS: '20000' })).toMatch(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it("takes Square's webhook key and notification URL together, or neither", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).square.webhook).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        SQUARE_WEBHOOK_SIGNATURE_KEY: 'key',
        SQUARE_WEBHOOK_URL: 'https://school.example/api/square/webhook',
      }).square.webhook,
    ).toEqual({ signatureKey: 'key', notificationUrl: 'https://school.example/api/square/webhook' });
    expect(errorFor({ SQUARE_WEBHOOK_SIGNATURE_KEY: 'key' })).toMatch(/SQUARE_WEBHOOK_URL: .*set together/);
    expect(errorFor({ SQUARE_WEBHOOK_URL: 'https://school.example/api/square/webhook' })).toMatch(
      /SQUARE_WEBHOOK_SIGNATURE_KEY: .*set together/,
    );
    expect(errorFor({ SQUARE_WEBHOOK_SIGNATURE_KEY: 'key', SQUARE_WEBHOOK_URL: 'not a url' })).toMatch(
      /SQUARE_WEBHOOK_URL/,
    );
  });

  it('bounds every HTTP request by default (a stalled client holds nothing for long)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).http).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 20_000,
      idleTimeoutMs: 60_000,
    });
  });

  it('requires a session secret with a database server (no fixed default secret)', () => {
    expect(errorFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1/x' })).toMatch(/SESSION_SECRET/);
    expect(errorFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1/x', SESSION_SECRET: 'too-short' })).toMatch(
      /SESSION_SECRET/,
    );
    const ok = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1/x',
      SESSION_SECRET: 'x'.repeat(32),
      ID_DOCUMENT_KEY: KEY,
      CREDENTIAL_SIGNING_KEY: SIGNING_KEY,
    });
    expect(ok.sessionSecret).toBe('x'.repeat(32));
  });

  it('requires an Ed25519 credential signing key with a database server, and generates one into DATA_DIR otherwise', () => {
    const server = {
      DATABASE_URL: 'postgres://postgres@127.0.0.1/x',
      SESSION_SECRET: 'x'.repeat(32),
      ID_DOCUMENT_KEY: KEY,
    };
    expect(errorFor(server)).toMatch(
      /CREDENTIAL_SIGNING_KEY: is required when DATABASE_URL is set \(an Ed25519 private key, .*openssl genpkey -algorithm ed25519/,
    );
    const rsa = execSync(
      'openssl genpkey -algorithm rsa -pkeyopt rsa_keygen_bits:1024 -outform DER 2>/dev/null | openssl base64 -A',
      {
        encoding: 'utf8',
      },
    );
    for (const bad of ['not a key', randomBytes(48).toString('base64'), rsa])
      expect(errorFor({ ...server, CREDENTIAL_SIGNING_KEY: bad })).toMatch(
        /CREDENTIAL_SIGNING_KEY: must be an Ed25519 private key/,
      );

    // The documented command's key, in its one-line form and as PEM (real or escaped newlines).
    const configured = loadConfig({ ...server, DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: SIGNING_KEY });
    expect(configured.credentialSigningKey.asymmetricKeyType).toBe('ed25519');
    const pem = configured.credentialSigningKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const text of [pem, pem.replace(/\n/g, '\\n')]) {
      const fromPem = loadConfig({ ...server, DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: text });
      expect(fromPem.credentialSigningKey.equals(configured.credentialSigningKey)).toBe(true);
    }

    const dir = dataDir();
    const embedded = loadConfig({ DATA_DIR: dir }).credentialSigningKey;
    expect(embedded.asymmetricKeyType).toBe('ed25519');
    expect(statSync(path.join(dir, 'credential-signing-key')).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir }).credentialSigningKey;
    expect(createPublicKey(again).export({ format: 'jwk' })).toEqual(
      createPublicKey(embedded).export({ format: 'jwk' }),
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).credentialSigningKey.equals(embedded)).toBe(false);
  });

  it('requires a 32-byte base64 ID document key with a database server, and generates one into DATA_DIR otherwise', () => {
    const server = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', SESSION_SECRET: 'x'.repeat(32) };
    expect(errorFor(server)).toMatch(/ID_DOCUMENT_KEY: is required when DATABASE_URL is set/);
    for (const bad of ['not base64!', randomBytes(16).toString('base64'), randomBytes(33).toString('base64')])
      expect(errorFor({ ...server, ID_DOCUMENT_KEY: bad })).toMatch(
        /ID_DOCUMENT_KEY: must be 32 bytes in base64 \(generate one with: openssl rand -base64 32\)/,
      );
    expect(errorFor({ ID_DOCUMENT_OLD_KEYS: `${KEY},short` })).toMatch(
      /ID_DOCUMENT_OLD_KEYS: each key must be 32 bytes/,
    );
    expect(errorFor({ ID_DOCUMENT_RETENTION_DAYS: '-1' })).toMatch(/ID_DOCUMENT_RETENTION_DAYS/);
    expect(errorFor({ ID_DOCUMENT_RETENTION_DAYS: '1.5' })).toMatch(/ID_DOCUMENT_RETENTION_DAYS/);

    const configured = loadConfig({
      ...server,
      CREDENTIAL_SIGNING_KEY: SIGNING_KEY,
      ID_DOCUMENT_KEY: KEY,
      ID_DOCUMENT_OLD_KEYS: ` ${OLD_KEY} `,
    });
    expect(configured.idDocuments).toEqual({
      key: Buffer.from(KEY, 'base64'),
      oldKeys: [Buffer.from(OLD_KEY, 'base64')],
      retentionDays: 30,
      retentionCheckMs: 86_400_000,
    });

    const dir = dataDir();
    const embedded = loadConfig({ DATA_DIR: dir }).idDocuments.key;
    expect(embedded).toHaveLength(32);
    expect(readFileSync(path.join(dir, 'id-document-key'), 'utf8')).toBe(embedded.toString('base64'));
    expect(statSync(path.join(dir, 'id-document-key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).idDocuments.key.equals(embedded)).toBe(true);
  });
});

describe('proxy trust', () => {
  it('refuses a server start on PostgreSQL with test settings, naming each variable and its fix, unless ALLOW_TEST_SETTINGS=1', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://vbr@127.0.0.1:5432/vbr',
      SESSION_SECRET: 'x'.repeat(32),
      ID_DOCUMENT_KEY: KEY,
      CREDENTIAL_SIGNING_KEY: SIGNING_KEY,
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env, 'server');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return '';
    };
    const message = refusal(production);
    expect(message).toMatch(/SQUARE_ENVIRONMENT: is offline.*set production with SQUARE_APPLICATION_ID/);
    expect(message).toMatch(/SMTP_URL: is not set.*students never get their sign-in codes/);
    expect(message).toMatch(/PUBLIC_URL: must be the site's https:\/\/ address/);
    expect(message.match(/ALLOW_TEST_SETTINGS=1/g)).toHaveLength(3);
    expect(refusal({ ...production, PUBLIC_URL: 'http://school.example' })).toContain('PUBLIC_URL');

    // Asked for explicitly (the test suite's processes), or a command rather than a server: accepted.
    expect(refusal({ ...production, ALLOW_TEST_SETTINGS: '1' })).toBe('');
    expect(loadConfig(production).databaseUrl).toBe(production.DATABASE_URL);
    // Real settings: accepted; e-mail sign-in needs no SMTP for codes.
    const real = {
      ...production,
      SQUARE_ENVIRONMENT: 'production',
      SQUARE_APPLICATION_ID: 'sq0idp-app',
      SQUARE_LOCATION_ID: 'L1',
      SQUARE_ACCESS_TOKEN: 'EAAA-token',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      PUBLIC_URL: 'https://school.example',
    };
    expect(refusal(real)).toBe('');
    expect(refusal({ ...real, SMTP_URL: '', STUDENT_LOGIN: 'email' })).toBe('');
    // The embedded database is a developer's or a demo's: no refusal.
    expect(refusal({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toBe('');
  });

  it('trusts no proxy by default and the listed proxies when asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(errorFor({ TRUST_PROXY: 'everyone!' })).toMatch(/TRUST_PROXY/);
  });
});
