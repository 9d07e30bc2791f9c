import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { maskEmail } from '../../http/log-redaction';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every mail is written as an .eml file into mailDir. */
  smtpUrl?: string;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? smtpMailer(opts, opts.smtpUrl) : fileMailer(opts);
}

function smtpMailer(opts: MailerOptions, smtpUrl: string): Mailer {
  // Settings in the URL (e.g. ?connectionTimeout=...) win over these defaults.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      opts.log.info({ to: maskEmail(mail.to), subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * Development and demo: no server to talk to, so each mail lands in a file, which the log names. The log never holds
 * the mail's links (a reset or an invitation link is a key to the account) nor the whole address: read the file.
 */
function fileMailer(opts: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await mkdir(opts.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(opts.mailDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: maskEmail(mail.to), subject: mail.subject, file }, 'mail written to file (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
