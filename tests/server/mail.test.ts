import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLocalesDir, loadTranslators } from '../../src/server/i18n';
import { greetingName, safeGreetingName } from '../../src/server/mail/greeting';
import { createMailer, createTransport, type OutgoingMail } from '../../src/server/mail/index';
import { renderMail } from '../../src/server/mail/templates';
import { compileCatalogs } from '../../src/tools/compile-catalogs.mjs';
import { outbox, parseMail } from './accounts-support';
import { tempDir } from './helpers';
import { elementsOf, textOf } from './html-support';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const po = (entries: Record<string, string>) =>
  [
    'msgid ""',
    'msgstr ""',
    '"Language: xx\\n"',
    '',
    // Explicit ids are marked as extraction marks them.
    ...Object.entries(entries).flatMap(([id, text]) => ['#. js-lingui-explicit-id', `msgid "${id}"`, `msgstr "${text}"`, '']),
  ].join('\n');

/** A locales folder with these PO catalogs, compiled as the build compiles the real ones. */
async function locales(files: Record<string, Record<string, string>>): Promise<string> {
  const dir = await tempDir('quire-locales-');
  dirs.push(dir);
  for (const [lang, entries] of Object.entries(files)) {
    await mkdir(path.join(dir, lang), { recursive: true });
    await writeFile(path.join(dir, lang, 'messages.po'), po(entries));
  }
  await compileCatalogs(dir);
  return dir;
}

describe('mail templates', () => {
  const t = loadTranslators(path.join(ROOT, 'locales'))('en');

  it('escapes user input in HTML and keeps it in plain text', () => {
    const mail = renderMail({ kind: 'reset', name: `Zoé "Z" O'Neil & co`, url: 'https://q.test/activate#hash-abc', minutes: 60 }, t, 'en');
    expect(mail.html).toContain('Zoé &quot;Z&quot; O&#x27;Neil &amp; co');
    expect(textOf(mail.html)).toContain(`Hello Zoé "Z" O'Neil & co,`);
    expect(mail.text).toContain(`Hello Zoé "Z" O'Neil & co,`);
    expect(mail.html).toContain('href="https://q.test/activate#hash-abc"');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(mail.text).toContain('The Quire team');
  });

  it('never greets with a name that looks like a link, an address, markup or a message', () => {
    for (const name of [
      'Your account is locked. Unlock at http://evil.example',
      'Visit evil.example now',
      'www.evil.example',
      'hxxp://evil',
      'admin@evil.example',
      '<script>alert("x")</script>',
      'a/b',
      'x'.repeat(41),
    ]) {
      const mail = renderMail({ kind: 'reset', name, url: 'https://q.test/r', minutes: 60 }, t, 'en');
      expect(mail.text, name).toMatch(/^Hello,$/m);
      expect(mail.text, name).not.toContain(name.slice(0, 12));
    }
    for (const name of ['Zoé', 'Jean-Luc Picard', "O'Neil", 'J. R. R. Tolkien', 'Анна Каренина'])
      expect(renderMail({ kind: 'reset', name, url: 'https://q.test/r', minutes: 60 }, t, 'en').text).toContain(`Hello ${name},`);
    expect(safeGreetingName('  Zoé \t Ünïcode ')).toBe('Zoé Ünïcode');
    expect(greetingName({ is_active: 0, firstname: 'Zoé' }, 'Acme')).toBe('');
    expect(greetingName({ is_active: 1, firstname: null }, 'Acme')).toBe('Acme');
  });

  it('renders every mail with subject, text and HTML', () => {
    const kinds = [
      { kind: 'activation', name: 'A', url: 'https://q.test/a' },
      { kind: 'registered', name: '', email: 'a@b.co', loginUrl: 'https://q.test/login', resetUrl: 'https://q.test/forgot' },
      { kind: 'reset', name: 'A', url: 'https://q.test/r', minutes: 60 },
      { kind: 'loginCode', name: 'A', code: '012345', minutes: 10 },
      { kind: 'failedSignIns', name: 'A', count: 20, minutes: 60 },
    ] as const;
    for (const data of kinds) {
      const mail = renderMail(data, t, 'en');
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).not.toMatch(/\{\w+\}|mail\./);
      expect(textOf(elementsOf(mail.html, 'title')[0] ?? '')).toBe(mail.subject);
      expect(textOf(elementsOf(mail.html, 'h1')[0] ?? '')).toBe(mail.subject);
    }
    expect(renderMail(kinds[1], t, 'en').text).toMatch(/^Hello,$/m);
    expect(renderMail(kinds[3], t, 'en').subject).toBe('Your Quire sign-in code: 012345');
    expect(renderMail(kinds[3], t, 'en').text).toContain('valid for 10 minutes');
    expect(renderMail(kinds[4], t, 'en').text).toContain(
      '20 failed attempts to sign in to your account, or to enter one of its codes, within 60 minutes',
    );
  });
});

describe('mail catalogs', () => {
  it('finds the compiled catalogs from the server code, in the repository and beside the bundle', async () => {
    expect(findLocalesDir(path.join(ROOT, 'src/server/mail'))).toBe(path.join(ROOT, 'locales'));
    const dist = await tempDir('quire-dist-');
    dirs.push(dist);
    await compileCatalogs(path.join(ROOT, 'locales'), path.join(dist, 'server/locales'));
    expect(findLocalesDir(path.join(dist, 'server'))).toBe(path.join(dist, 'server/locales'));
  });

  it('translates with the compiled catalogs, falls back to English per message and for unknown languages', async () => {
    const dir = await locales({
      en: { 'mail.activation.subject': 'Activate your account (en catalog)', 'mail.loginCode.subject': 'Code: {code}' },
      fr: { 'mail.activation.subject': 'Activez votre compte Quire', 'mail.loginCode.subject': '' },
      de: { 'mail.loginCode.subject': 'Ihr Code: {code}' },
    });
    const i18n = loadTranslators(dir);
    const data = { kind: 'loginCode', name: 'Zoé', code: '424242', minutes: 10 } as const;
    expect(renderMail({ kind: 'activation', name: 'Zoé', url: 'u' }, i18n('fr'), 'fr').subject).toBe('Activez votre compte Quire');
    expect(renderMail(data, i18n('fr'), 'fr').subject).toBe('Code: 424242'); // empty translation → English
    expect(renderMail(data, i18n('de'), 'de').subject).toBe('Ihr Code: 424242');
    expect(renderMail({ kind: 'activation', name: 'Zoé', url: 'u' }, i18n('de'), 'de').subject).toBe('Activate your account (en catalog)');
    expect(renderMail(data, i18n('xx'), 'xx').subject).toBe('Code: 424242');
  });

  it('uses the source text when a catalog lacks the id', async () => {
    const i18n = loadTranslators(await locales({ en: {} }));
    expect(renderMail({ kind: 'activation', name: 'A', url: 'u' }, i18n('it'), 'it').subject).toBe('Activate your Quire account');
  });
});

describe('mail transport', () => {
  it('writes one .eml per message to the outbox folder when no SMTP URL is set', async () => {
    const dataDir = await tempDir('quire-outbox-');
    dirs.push(dataDir);
    const config = { dataDir, smtpUrl: undefined, mailFrom: 'Quire <no-reply@localhost>' };
    const mailer = createMailer({ config, transport: createTransport(config), localesDir: path.join(ROOT, 'locales') });
    await mailer.send('zoe@example.com', 'en', { kind: 'reset', name: 'Zoé Ünïcode', url: 'https://q.test/reset#hash-abc', minutes: 60 });
    await mailer.send('zoe@example.com', 'en', { kind: 'loginCode', name: 'Zoé', code: '123456', minutes: 10 });
    mailer.close();
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const mails = await outbox({ dataDir } as never, 'zoe@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Choose a new Quire password', 'Your Quire sign-in code: 123456']);
    expect(mails[0]?.text).toContain('Hello Zoé Ünïcode,');
    expect(mails[0]?.html).toContain('Zoé Ünïcode');
  });

  it('hands rendered mails to a given transport', async () => {
    const sent: OutgoingMail[] = [];
    const mailer = createMailer({
      config: { dataDir: '/nowhere', smtpUrl: undefined, mailFrom: 'x@y.z' },
      transport: { deliver: async (mail) => void sent.push(mail), close: () => {} },
      localesDir: path.join(ROOT, 'locales'),
    });
    await mailer.send('a@b.co', 'ru', { kind: 'activation', name: 'A', url: 'https://q.test/activate#hash-x' });
    expect(sent).toEqual([expect.objectContaining({ from: 'x@y.z', to: 'a@b.co', subject: 'Активируйте аккаунт Quire' })]);
    expect(parseMail(`Subject: =?UTF-8?Q?Caf=C3=A9?=\n\nbody`).subject).toBe('Café');
  });
});
