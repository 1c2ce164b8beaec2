import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { migratedDataDir, startServer, stopServer, waitForHealthy, type RunningServer } from './server-process';

describe('the email outbox across a crash (real server process, embedded database)', () => {
  const dataDir = migratedDataDir('vbr-email-process-');
  let smtp: TestSmtp | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends an email whose event committed before a kill -9 once, after the restart', async () => {
    smtp = await startTestSmtp();
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, EMAIL_POLL_MS: '500' };
    server = await startServer(env, false);
    await waitForHealthy(server, 240_000);
    // The worker's first pass comes one to three seconds after the start: the event and the kill come first.
    const res = await fetch(`${server.url}/api/support/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Crash Test',
        email: 'crash@example.com',
        category: 'other',
        subject: 'Before the crash',
        message: 'Sent just before the server dies.',
      }),
    });
    expect(res.status).toBe(201);
    await stopServer(server, 'SIGKILL');
    expect(smtp.received).toHaveLength(0);

    // At info level: the worker logs "email sent" once it has marked the message sent.
    server = await startServer({ ...env, LOG_LEVEL: 'info' }, false);
    await waitForHealthy(server, 240_000);
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.headers.get('x-vbr-template')).toBe('contact-received');
    expect(mail!.subject).toBe('We received your message');
    // Still once: the message is marked sent (no later pass takes a sent message again) with nothing more arrived.
    const running = server;
    await vi.waitUntil(() => running.output().includes('email sent'), { timeout: 30_000, interval: 50 });
    expect(smtp.received).toHaveLength(1);
  }, 600_000);
});
