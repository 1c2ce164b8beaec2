/**
 * Playwright global setup: a real SMTP server on a loopback port for both app servers (their
 * SMTP_URL points here). Each message it accepts is written to E2E_SMTP_DIR as `<n>.eml`, where the
 * journeys read sign-in codes (student-login.ts). It refuses the first `REFUSALS_PER_BOUNCE_ADDRESS`
 * messages to any recipient starting with `bounce-` (451, a temporary failure), so that address's
 * email reaches `failed` after the outbox's attempts and the admin's "Send again" then delivers it.
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { EMAIL_MAX_ATTEMPTS } from '../src/server/jobs/email-outbox';

const REFUSALS_PER_BOUNCE_ADDRESS = EMAIL_MAX_ATTEMPTS;

export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const refusals = new Map<string, number>();
  const dir = process.env.E2E_SMTP_DIR!;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refused = refusals.get(to) ?? 0;
      if (to.startsWith('bounce-') && refused < REFUSALS_PER_BOUNCE_ADDRESS) {
        refusals.set(to, refused + 1);
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        // Written whole, then renamed: a reader never sees half a message.
        const file = path.join(dir, `${received}.eml`);
        writeFile(`${file}.part`, Buffer.concat(chunks))
          .then(() => rename(`${file}.part`, file))
          .then(() => callback(), callback);
      });
    },
  });
  const port = Number(process.env.E2E_SMTP_PORT);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
