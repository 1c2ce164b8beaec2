import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
  });

  it('requires a session secret with a database server (no fixed default secret)', () => {
    expect(errorFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1/x' })).toMatch(/SESSION_SECRET/);
    expect(errorFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1/x', SESSION_SECRET: 'too-short' })).toMatch(
      /SESSION_SECRET/,
    );
    const ok = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1/x', SESSION_SECRET: 'x'.repeat(32) });
    expect(ok.sessionSecret).toBe('x'.repeat(32));
  });
});

describe('proxy trust', () => {
  it('trusts no proxy by default and the listed proxies when asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(errorFor({ TRUST_PROXY: 'everyone!' })).toMatch(/TRUST_PROXY/);
  });
});
