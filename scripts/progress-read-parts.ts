/**
 * What one student progress read costs, part by part, on a PostgreSQL server (docs/decisions/016):
 * the token check, the revocation query, the progress query, and whole requests through app.inject
 * (no HTTP, no load generator), each repeated N times one after the other; prints µs per call.
 *
 *   npx tsx scripts/progress-read-parts.ts [postgres://postgres@127.0.0.1:5432/postgres] [N]
 *
 * A fresh database is created on that server for the run and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { studentTokenRevocations } from '@server/db/schema';
import { getProgressById } from '@server/domain/progress/get-progress';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';

const server = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `vbr_cost_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-cost-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
  CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
  LOG_LEVEL: 'silent',
});
const app = await buildApp(config, { logger: false });
const reg = await app.inject({
  method: 'POST',
  url: '/api/students',
  payload: { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '07700 900123', referral_code: '' },
});
const { id, token } = reg.json() as { id: string; token: string };
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(40), (Number(process.hrtime.bigint() - t) / 1e3 / n).toFixed(1), 'µs');
}
const N = Number(process.argv[3] ?? 3000);
await time('jwt verify', N, () => app.tokens.verify(token, app.clock()));
await time('revocation query', N, () =>
  app.db
    .select({ jti: studentTokenRevocations.jti })
    .from(studentTokenRevocations)
    .where(eq(studentTokenRevocations.jti, 'x'))
    .limit(1),
);
await time('progress query (getProgressById)', N, () => getProgressById(app.db, id));
await time('inject GET /api/health', N, () => app.inject({ method: 'GET', url: '/api/health' }));
await time('inject progress (no token → 401)', N, () =>
  app.inject({ method: 'GET', url: `/api/student/${id}/progress` }),
);
await time('inject progress', N, () =>
  app.inject({ method: 'GET', url: `/api/student/${id}/progress`, headers: { authorization: `Bearer ${token}` } }),
);
await app.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
