import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import nodemailer from 'nodemailer';

import { site } from '@/lib/content';
import type { OutboxMail } from '@/lib/storage';

// How a message leaves: SMTP when configured, otherwise an .eml file an operator can open.
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(message: OutboxMail): Promise<void>;
  close(): void;
}

function envelope(message: OutboxMail, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    attachments: message.attachments,
    headers: message.headers,
    // The outbox id: a message sent twice after a crash is recognisable as the same one.
    messageId: `<${message.id}@${site.domain}>`,
  };
}

export function smtpTransport(
  smtpUrl: string,
  from: string,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  // One pooled connection: a new SMTP connection per message costs far more than the message.
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A relay that accepts connections but never answers must not hold the outbox for minutes.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(envelope(message, from));
    },
    close: () => transporter.close(),
  };
}

export function fileTransport(directory: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      mkdirSync(directory, { recursive: true });
      const info = await transporter.sendMail(envelope(message, from));
      // Named by the outbox id and written whole: a retry replaces the file rather than adding one.
      const file = join(directory, `${message.id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => transporter.close(),
  };
}
