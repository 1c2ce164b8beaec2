/**
 * Delivery (docs/decisions/011-email.md): nodemailer over SMTP when SMTP_URL is set, otherwise each message
 * is written as an .eml file under DATA_DIR/mail/ (the embedded default). Logs never carry the
 * address or the body: only the outbox id and the template.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailTemplate } from './message-types';

export interface OutgoingMail {
  /** The outbox id: the Message-ID and the .eml file name come from it. */
  id: string;
  template: EmailTemplate;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Extra headers (List-Unsubscribe on non-transactional messages: mail/marketing.ts). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  /** The outbox ids of the messages kept here (the .eml files); none over SMTP. */
  written(): Promise<string[]>;
  /** Removes the messages kept here of these outbox ids (an erased person's); nothing over SMTP. */
  forget(ids: string[]): Promise<void>;
  close(): void;
}

interface MailLogger {
  info(object: object, message: string): void;
}

export interface TransportOptions {
  smtpUrl?: string;
  from: string;
  /** The site's host name, for the Message-ID. */
  host: string;
  /** Where .eml files go without SMTP. */
  mailDir: string;
}

/** `<outbox-id@host>`: the same message keeps its Message-ID when it is retried. */
export const messageIdFor = (outboxId: string, host: string) => `<${outboxId}@${host}>`;

export function createMailTransport(options: TransportOptions, log: MailLogger): MailTransport {
  const message = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageIdFor(mail.id, options.host),
    headers: { ...mail.headers, 'X-VBR-Template': mail.template },
    attachments: mail.attachments,
  });

  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl, {});
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(message(mail));
      },
      written: async () => [],
      forget: async () => undefined,
      close: () => transporter.close(),
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let announced = false;
  return {
    kind: 'files',
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, `${mail.id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (!announced) {
        announced = true;
        log.info({ dir: options.mailDir }, 'SMTP_URL is not set: emails are written as .eml files, not sent');
      }
      log.info({ outboxId: mail.id, template: mail.template }, 'email written to the mail directory');
    },
    async written() {
      const names = await readdir(options.mailDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter((name) => name.endsWith('.eml')).map((name) => name.slice(0, -'.eml'.length));
    },
    async forget(ids) {
      // Only names this transport writes: an outbox id (a uuid) and .eml.
      for (const id of ids.filter((value) => /^[0-9a-f-]{36}$/i.test(value))) {
        await rm(path.join(options.mailDir, `${id}.eml`), { force: true });
      }
    },
    close: () => composer.close(),
  };
}
