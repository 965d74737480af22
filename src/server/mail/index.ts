import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { loadTranslators, type Translators } from '../i18n';
import { type MailData, renderMail } from './templates';

export type { MailData } from './templates';

/** Sends the account mails in the recipient's language. */
export interface Mailer {
  /** `replyTo`: where an answer goes (a contact message's sender). */
  send(to: string, language: string, data: MailData, options?: { replyTo?: string }): Promise<void>;
  close(): void;
}

/** A rendered message as handed to nodemailer. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** Where messages go: SMTP (QUIRE_SMTP_URL) or one .eml file per message in $QUIRE_DATA_DIR/outbox/. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/** Sortable, unique file names: 2026-01-02T03-04-05-678Z-<random>.eml */
const emlName = (now: number) => `${new Date(now).toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

export function createTransport(config: Pick<Config, 'smtpUrl' | 'dataDir'>): MailTransport {
  if (config.smtpUrl) {
    const smtp: Transporter = nodemailer.createTransport(config.smtpUrl);
    return { deliver: async (mail) => void (await smtp.sendMail(mail)), close: () => smtp.close() };
  }
  const dir = outboxDir(config);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await stream.sendMail(mail);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, emlName(Date.now())), info.message as Buffer);
    },
    close: () => stream.close(),
  };
}

export interface MailerOptions {
  config: Pick<Config, 'mailFrom' | 'smtpUrl' | 'dataDir'>;
  transport?: MailTransport;
  i18n?: Translators;
  localesDir?: string;
}

export function createMailer({ config, transport = createTransport(config), i18n, localesDir }: MailerOptions): Mailer {
  const translators = i18n ?? loadTranslators(localesDir);
  return {
    async send(to, language, data, options = {}) {
      const rendered = renderMail(data, translators(language), language);
      await transport.deliver({ from: config.mailFrom, to, ...rendered, ...(options.replyTo ? { replyTo: options.replyTo } : {}) });
    },
    close: () => transport.close(),
  };
}
