import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

export const MAIL_DIR = join(new URL('../../..', import.meta.url).pathname, '.tmp/e2e-mail');

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest message to `to` whose text matches `pattern`, received after `since`. */
export async function waitForMail(to: string, pattern: RegExp, since = 0): Promise<Mail & { match: RegExpMatchArray }> {
  let found: (Mail & { match: RegExpMatchArray }) | undefined;
  await expect
    .poll(
      async () => {
        const files = readdirSync(MAIL_DIR)
          .filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-z0-9@.-]/gi, '_')) && Number(f.split('-')[0]) >= since)
          .sort()
          .reverse();
        for (const f of files) {
          const parsed = await simpleParser(readFileSync(join(MAIL_DIR, f)));
          const text = parsed.text ?? '';
          const match = text.match(pattern);
          if (match) {
            found = { subject: parsed.subject ?? '', text, html: typeof parsed.html === 'string' ? parsed.html : '', match };
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}
