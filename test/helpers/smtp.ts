/**
 * A real SMTP server on a loopback port (smtp-server), and what arrived, parsed with mailparser.
 * `failFirst: n` answers the first n messages with a 451 temporary failure. A message is in `received`
 * before the server accepts it: once a send (an outbox pass) has finished, what it sent is there.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** Messages refused so far (failFirst). */
  refused: number;
  /** Refuse the next `count` messages too. */
  refuseNext(count: number): void;
  /** Resolves when `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Arrived messages with this X-VBR-Template header. */
  withTemplate(template: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startTestSmtp(options: { failFirst?: number } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const state = { refused: 0, toRefuse: options.failFirst ?? 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.toRefuse > 0) {
          state.toRefuse -= 1;
          state.refused += 1;
          const error = Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // Port 0: the system picks a free port as it binds. A port chosen first and bound later could be taken
  // in between by another test process (it was, once: EADDRINUSE, and the hook waited out its time).
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return state.refused;
    },
    refuseNext(count) {
      state.toRefuse += count;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    withTemplate: (template) => received.filter((m) => m.headers.get('x-vbr-template') === template),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
