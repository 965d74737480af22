import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../src/server/app';
import { argon2Hasher, type PasswordHasher } from '../../src/server/auth/passwords';
import type { Config } from '../../src/server/config';
import type { DialectName } from '../../src/server/db/index';
import { testConfig } from './helpers';

/** A distinct client address per call site, so per-IP limits only bite where a test wants them. */
let ipCounter = 0;
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let emailCounter = 0;
export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${process.pid}-${++emailCounter}@example.com`;

export const PASSWORD = 'correct horse battery';

export interface AccountsCtx {
  app: FastifyInstance;
  config: Config;
  /** argon2 verifications so far (the brute-force test checks it does not grow). */
  verifyCount: () => number;
  /** Moves the app's clock forward. */
  advance: (ms: number) => void;
  /** The newest mail to an address when the app sends through SMTP (default: the outbox folder's). */
  latestMail?: (to: string) => Promise<ParsedMail>;
}

/**
 * Builds an app (dev mode unless env says otherwise) with a counting hasher and a movable clock;
 * with `smtp` (from useSmtpServer, called before) it sends its mail to that SMTP server.
 */
export function useAccountsApp(
  dialect: DialectName,
  options: { env?: Record<string, string>; deps?: AppDeps; smtp?: SmtpCapture } = {},
): AccountsCtx {
  let verifies = 0;
  let offset = 0;
  const passwords: PasswordHasher = {
    hash: (password) => argon2Hasher.hash(password),
    verify: (digest, password) => {
      verifies += 1;
      return argon2Hasher.verify(digest, password);
    },
  };
  const ctx = {
    verifyCount: () => verifies,
    advance: (ms: number) => {
      offset += ms;
    },
    latestMail: options.smtp?.latest,
  } as AccountsCtx;
  beforeAll(async () => {
    // Hooks run in order: the SMTP server (useSmtpServer, called first) listens before this reads its port.
    const smtpEnv: Record<string, string> = options.smtp ? { QUIRE_SMTP_URL: `smtp://127.0.0.1:${options.smtp.state.port}` } : {};
    ctx.config = await testConfig(dialect, { QUIRE_DEV: '1', ...smtpEnv, ...options.env });
    ctx.app = await buildApp(ctx.config, { passwords, clock: () => Date.now() + offset, ...options.deps });
  });
  afterAll(async () => {
    await ctx.app?.close();
    if (ctx.config) await rm(ctx.config.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

export interface CallOptions {
  ip?: string;
  token?: string;
  cookie?: string;
  form?: boolean;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** More request headers (e.g. origin, host, sec-fetch-site). */
  headers?: Record<string, string>;
}

/** One API call with a JSON body (or a form body), the bearer token and cookies given. */
export async function call(
  app: FastifyInstance,
  url: string,
  body?: Record<string, unknown>,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | undefined;
  if (body !== undefined && options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const sep = url.includes('?') ? '&' : '?';
  return app.inject({ method, url: `/api${url}${sep}v=2`, headers, payload, remoteAddress: options.ip ?? nextIp() });
}

// ── Mail: the outbox folder (.eml files) ──────────────────────────────────────────────────────────
export interface ParsedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

const decodeQp = (s: string): string =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .split('')
      .map((c) => c.charCodeAt(0)),
  ).toString('utf8');

const decodeWords = (s: string): string =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );

function splitHead(block: string): { headers: Record<string, string>; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  const head = at < 0 ? block : block.slice(0, at);
  const body = at < 0 ? '' : block.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodePart(headers: Record<string, string>, body: string): string {
  const cte = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (cte === 'quoted-printable') return decodeQp(body);
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Enough of RFC 5322/2045 for nodemailer's multipart/alternative messages. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const mail: ParsedMail = {
    to: headers.to ?? '',
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text: '',
    html: '',
    raw,
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const parsed = boundary ? splitHead(part.replace(/^\r?\n/, '')) : { headers, body };
    const type = parsed.headers['content-type'] ?? '';
    if (type.startsWith('text/plain')) mail.text = decodePart(parsed.headers, parsed.body);
    if (type.startsWith('text/html')) mail.html = decodePart(parsed.headers, parsed.body);
  }
  return mail;
}

/** Every mail in the outbox, oldest first; `to` filters by recipient. */
export async function outbox(config: Config, to?: string): Promise<ParsedMail[]> {
  const dir = path.join(config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'))));
  return to ? mails.filter((m) => m.to.includes(to)) : mails;
}

export async function lastMail(config: Config, to: string): Promise<ParsedMail> {
  const mails = await outbox(config, to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

// ── Mail: a real SMTP server ──────────────────────────────────────────────────────────────────────
export interface SmtpCapture {
  /** Every message received so far, oldest first, with its envelope recipients. */
  received: { rcpt: string[]; mail: ParsedMail }[];
  state: { port: number; server: SMTPServer | undefined };
  /** The newest message to an address. */
  latest: (to: string) => Promise<ParsedMail>;
}

/** A real SMTP server on 127.0.0.1 collecting what Quire sends (listening from beforeAll). */
export function useSmtpServer(): SmtpCapture {
  const received: SmtpCapture['received'] = [];
  const state: SmtpCapture['state'] = { port: 0, server: undefined };
  beforeAll(async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), mail: parseMail(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    state.port = typeof address === 'object' && address ? address.port : 0;
    state.server = server;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (state.server ? state.server.close(() => resolve()) : resolve()));
  });
  const latest = async (to: string) => {
    const last = received.filter((r) => r.rcpt.includes(to)).at(-1);
    if (!last) throw new Error(`no SMTP mail to ${to}`);
    return last.mail;
  };
  return { received, state, latest };
}

export const activationToken = (mail: ParsedMail): string => {
  const token = /\/activate#hash-([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no activation link in: ${mail.text}`);
  return token;
};
export const resetToken = (mail: ParsedMail): string => {
  const token = /\/reset#hash-([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
};
export const loginCode = (mail: ParsedMail): string => {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
};

/** The newest mail to an address, wherever the app sends its mail. */
const newestMail = (ctx: AccountsCtx, to: string): Promise<ParsedMail> => (ctx.latestMail ? ctx.latestMail(to) : lastMail(ctx.config, to));

// ── Journeys ──────────────────────────────────────────────────────────────────────────────────────
export async function register(ctx: AccountsCtx, email: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return call(ctx.app, '/account/', { name: 'Ada Books', email, password: PASSWORD, tos: 1, language: 'en', ...extra });
}

/** Register and activate (context ind); answers the login hash of the activation. */
export async function registerActive(ctx: AccountsCtx, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await register(ctx, email, extra);
  if (res.json().status !== 'ok') throw new Error(`register failed: ${res.body}`);
  const token = activationToken(await newestMail(ctx, email));
  const activated = await call(ctx.app, '/profile/activate', { hash: token, context: 'ind' });
  if (activated.json().status !== 'ok') throw new Error(`activate failed: ${activated.body}`);
  return activated.json().content.hash as string;
}

/** Full login (password, e-mailed code); answers the LoginContent. */
export async function login(ctx: AccountsCtx, email: string, options: { ip?: string; cookie?: string; trust?: boolean } = {}) {
  const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: options.ip, cookie: options.cookie });
  const body = first.json();
  const hash: string = body.content.hash;
  let code: string | undefined;
  if (body.status === 'error') {
    if (body.content.code !== 155) throw new Error(`login failed: ${first.body}`);
    code = loginCode(await newestMail(ctx, email));
  }
  const second = await call(
    ctx.app,
    '/profile/session',
    { hash, ...(code ? { code } : {}), ...(options.trust ? { trust_device: 'yes' } : {}) },
    { ip: options.ip, cookie: options.cookie },
  );
  if (second.json().status !== 'ok') throw new Error(`confirm failed: ${second.body}`);
  return { content: second.json().content, response: second };
}

/** A new active user, signed in: its token and LoginContent. */
export async function signedIn(ctx: AccountsCtx, prefix = 'user') {
  const email = uniqueEmail(prefix);
  await registerActive(ctx, email);
  const { content, response } = await login(ctx, email);
  return { email, token: content.session.access_token as string, content, response };
}

/**
 * Sets an account's mode and type, as `quire account set --mode` does (the gated account pages — SPEC §6:
 * integrations and triggers are platinum only — refuse the others with featureLocked).
 */
export async function setMode(app: FastifyInstance, accountId: string, mode: 'FREE' | 'PREMIUM' | 'PLATINUM'): Promise<void> {
  await app.db.updateTable('accounts').set({ mode, type: mode }).where('id', '=', accountId).execute();
}

/** Row counts of the account tables. */
export async function counts(app: FastifyInstance) {
  const count = async (table: 'accounts' | 'profiles' | 'sessions' | 'one_time_tokens') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await count('accounts'),
    profiles: await count('profiles'),
    sessions: await count('sessions'),
    tokens: await count('one_time_tokens'),
  };
}
