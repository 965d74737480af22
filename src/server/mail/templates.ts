import type { Translate } from '../i18n';
import { safeGreetingName } from './greeting';
import { MAIL_MESSAGES as M } from './messages';

/**
 * What each mail needs; user input (name, email) is escaped in the HTML part. `name` is the greeting's
 * (greetingName: '' for an address not yet confirmed, so no requester's free text reaches it).
 */
export type MailData =
  | { kind: 'activation'; name: string; url: string }
  | { kind: 'registered'; name: string; email: string; loginUrl: string; resetUrl: string }
  | { kind: 'reset'; name: string; url: string; minutes: number }
  | { kind: 'loginCode'; name: string; code: string; minutes: number }
  | { kind: 'failedSignIns'; name: string; count: number; minutes: number };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The parts of a mail, in order; rendered once as plain text and once as inline-styled HTML. */
type Block = { p: string } | { small: string } | { button: string; url: string } | { code: string };

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;',
  h1: 'font-size:20px;line-height:28px;margin:0 0 16px;',
  p: 'font-size:15px;line-height:22px;margin:0 0 16px;',
  small: 'font-size:13px;line-height:19px;color:#52525b;margin:0 0 16px;word-break:break-all;',
  button:
    'display:inline-block;background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;',
  code: 'font-size:32px;letter-spacing:8px;font-weight:bold;font-family:Consolas,Menlo,monospace;margin:8px 0 24px;',
};

function blocksOf(data: MailData, t: Translate): Block[] {
  const name = safeGreetingName(data.name);
  const hello = name ? t(M.common.greeting, { name }) : t(M.common.greetingAnonymous);
  const link = (action: string, url: string): Block[] => [{ button: action, url }, { small: t(M.common.linkHelp) }, { small: url }];
  switch (data.kind) {
    case 'activation':
      return [{ p: hello }, { p: t(M.activation.body) }, ...link(t(M.activation.action), data.url), { p: t(M.activation.ignore) }];
    case 'registered':
      return [
        { p: hello },
        { p: t(M.registered.body, { email: data.email }) },
        { button: t(M.registered.action), url: data.loginUrl },
        { p: t(M.registered.reset) },
        { small: data.resetUrl },
        { p: t(M.registered.ignore) },
      ];
    case 'reset':
      return [
        { p: hello },
        { p: t(M.reset.body, { minutes: data.minutes }) },
        ...link(t(M.reset.action), data.url),
        { p: t(M.reset.ignore) },
      ];
    case 'loginCode':
      return [{ p: hello }, { p: t(M.loginCode.body, { minutes: data.minutes }) }, { code: data.code }, { p: t(M.loginCode.ignore) }];
    case 'failedSignIns':
      return [{ p: hello }, { p: t(M.failedSignIns.body, { count: data.count, minutes: data.minutes }) }, { p: t(M.failedSignIns.ignore) }];
  }
}

function subjectOf(data: MailData, t: Translate): string {
  switch (data.kind) {
    case 'activation':
      return t(M.activation.subject);
    case 'registered':
      return t(M.registered.subject);
    case 'reset':
      return t(M.reset.subject);
    case 'loginCode':
      return t(M.loginCode.subject, { code: data.code });
    case 'failedSignIns':
      return t(M.failedSignIns.subject);
  }
}

function textBlock(block: Block): string {
  if ('p' in block) return block.p;
  if ('small' in block) return block.small;
  if ('code' in block) return block.code;
  return `${block.button}: ${block.url}`;
}

function htmlBlock(block: Block): string {
  if ('p' in block) return `<p style="${STYLE.p}">${escapeHtml(block.p)}</p>`;
  if ('small' in block) return `<p style="${STYLE.small}">${escapeHtml(block.small)}</p>`;
  if ('code' in block) return `<p style="${STYLE.code}">${escapeHtml(block.code)}</p>`;
  return `<p style="${STYLE.p}"><a href="${escapeHtml(block.url)}" style="${STYLE.button}">${escapeHtml(block.button)}</a></p>`;
}

/** Subject, plain text and HTML of one mail in the language `t` translates to. */
export function renderMail(data: MailData, t: Translate, lang: string): RenderedMail {
  const subject = subjectOf(data, t);
  const blocks = blocksOf(data, t);
  const signature = t(M.common.signature);
  const text = `${[...blocks.map(textBlock), signature].join('\n\n')}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
    `<h1 style="${STYLE.h1}">${escapeHtml(subject)}</h1>`,
    ...blocks.map(htmlBlock),
    `<p style="${STYLE.small}">${escapeHtml(signature)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { subject, text, html };
}
