/**
 * Backups of the embedded database through the real commands (npm run backup / restore run
 * src/server/cli/backup.ts), and an ID key rotation through `npm run admin -- rotate-id-key`.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../helpers/uploads';
import { copyMigratedDatabase, runCommand, startServer, stopServer, type RunningServer } from './server-process';

const ADMIN = { ADMIN_USERNAME: 'backup-admin', ADMIN_PASSWORD: 'a-long-admin-password' };

describe('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vbr-backup-'));
  const original = path.join(root, 'original');
  const restored = path.join(root, 'restored');
  const backupFile = path.join(root, 'backup.tar.gz');
  const png = pngBytes(6, 6);
  let server: RunningServer | undefined;
  let student: { id: string; email: string };
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  async function adminGet(url: string, pathname: string): Promise<Response> {
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    return fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${access_token}` } });
  }

  it('backs up a database with a student and their ID document, without the key', async () => {
    copyMigratedDatabase(original);
    server = await startServer({ DATA_DIR: original, ...ADMIN });
    const email = `backup-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await fetch(`${server.url}/api/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Grace', last_name: 'Hopper', email, phone: '07400 123456' }),
    });
    expect(registered.status).toBe(201);
    const { id, token } = (await registered.json()) as { id: string; token: string };
    student = { id, email };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'id.png');
    const uploaded = await fetch(`${server.url}/api/students/${encodeURIComponent(email)}/upload-id`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(await stopServer(server)).toBe(0);
    server = undefined;

    const backup = await runCommand('backup', ['backup', backupFile], { DATA_DIR: original });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('1 students, 1 ID documents');
    expect(backup.stdout).toContain('The ID document key is not in the backup');
    // The backup holds the document encrypted: neither the image nor the key appears in it.
    const tarball = gunzipSync(readFileSync(backupFile));
    expect(tarball.includes(png.subarray(0, 64))).toBe(false);
    const key = readFileSync(path.join(original, 'id-document-key'));
    expect(tarball.includes(key)).toBe(false);
    expect(tarball.includes(Buffer.from(key.toString('utf8'), 'base64'))).toBe(false);
  });

  it('restores into a new DATA_DIR: with the key put back, the student and their document are there', async () => {
    const first = await runCommand('backup', ['restore', backupFile], { DATA_DIR: restored });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('put the ID document key of this backup in');
    // A second restore would overwrite the database: refused without --force.
    const again = await runCommand('backup', ['restore', backupFile], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty (db). Restore with --force');
    const forced = await runCommand('backup', ['restore', backupFile, '--force'], { DATA_DIR: restored });
    expect(forced.code).toBe(0);

    copyFileSync(path.join(original, 'id-document-key'), path.join(restored, 'id-document-key'));
    server = await startServer({ DATA_DIR: restored, ...ADMIN });
    const pending = (await (await adminGet(server.url, '/api/admin/id-verifications')).json()) as Array<{
      student_id: string;
      email: string;
    }>;
    expect(pending).toEqual([expect.objectContaining({ student_id: student.id, email: student.email })]);
    const document = await adminGet(server.url, `/api/admin/id-verifications/${student.id}/document`);
    expect(document.status).toBe(200);
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await document.arrayBuffer()).equals(png)).toBe(true);
    expect(await stopServer(server)).toBe(0);
    server = undefined;
  });

  it('rotates the ID document key with the command, and the server reads the document with the new key alone', async () => {
    const oldKey = readFileSync(path.join(restored, 'id-document-key'), 'utf8').trim();
    const newKey = randomBytes(32).toString('base64');
    const env = { DATA_DIR: restored, ID_DOCUMENT_KEY: newKey, ID_DOCUMENT_OLD_KEYS: oldKey };
    const rotated = await runCommand('admin', ['rotate-id-key'], env);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain('Re-encrypted 1 ID documents');
    expect(rotated.stdout).toContain('Re-encrypted 0 final pieces');
    const rerun = await runCommand('admin', ['rotate-id-key'], env);
    expect(rerun.stdout).toContain('Re-encrypted 0 ID documents');
    expect(`${rotated.stdout}${rotated.stderr}`).not.toContain(newKey);

    server = await startServer({ DATA_DIR: restored, ID_DOCUMENT_KEY: newKey, ...ADMIN });
    const document = await adminGet(server.url, `/api/admin/id-verifications/${student.id}/document`);
    expect(Buffer.from(await document.arrayBuffer()).equals(png)).toBe(true);
  });
});
