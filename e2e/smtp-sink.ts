/**
 * A real SMTP server on a loopback port, one per app server (e2e/fixtures.ts starts both per worker;
 * the app's SMTP_URL points here). Each message it accepts is written to its directory as `<n>.eml`,
 * where the journeys read sign-in codes (student-login.ts). It refuses the first
 * `REFUSALS_PER_BOUNCE_ADDRESS` messages to any recipient starting with `bounce-` (451, a temporary
 * failure), so that address's email reaches `failed` after the outbox's attempts and the admin's
 * "Send again" then delivers it.
 */
import { rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { EMAIL_MAX_ATTEMPTS } from '../src/server/jobs/email-outbox';

const REFUSALS_PER_BOUNCE_ADDRESS = EMAIL_MAX_ATTEMPTS;

interface SmtpSink {
  port: number;
  close: () => Promise<void>;
}

/** Listens on a free loopback port and writes every accepted message into `dir`. */
export async function startSmtpSink(dir: string): Promise<SmtpSink> {
  const refusals = new Map<string, number>();
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
  const listening = await new Promise<ReturnType<SMTPServer['listen']>>((resolve) => {
    const socket = server.listen(0, '127.0.0.1', () => resolve(socket));
  });
  return {
    port: (listening.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
