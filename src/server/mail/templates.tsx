import type { CSSProperties } from 'react';
import { renderDocument } from '../html/render';
import { TOKENS } from '../html/tokens';
import type { Translate } from '../i18n';
import { safeGreetingName } from './greeting';
import { MAIL_MESSAGES as M } from './messages';

/**
 * What each mail needs; user input (name, email) is escaped in the HTML part (React renders it).
 * `name` is the greeting's (greetingName: '' for an address not yet confirmed, so no requester's free
 * text reaches it).
 */
export type MailData =
  | { kind: 'activation'; name: string; url: string }
  | { kind: 'registered'; name: string; email: string; loginUrl: string; resetUrl: string }
  | { kind: 'reset'; name: string; url: string; minutes: number }
  | { kind: 'loginCode'; name: string; code: string; minutes: number }
  | { kind: 'failedSignIns'; name: string; count: number; minutes: number }
  /** To a new address of an e-mail change: its confirmation link. */
  | { kind: 'emailChange'; name: string; email: string; url: string; hours: number }
  /** To the old address of an e-mail change: a notice. */
  | { kind: 'emailChangeNotice'; name: string; email: string }
  /** To an address asked for by an e-mail change that another account already has (nothing changes). */
  | { kind: 'emailTaken'; name: string; email: string }
  | { kind: 'passwordChanged'; name: string }
  // /account/privacy (issue 16): `at` is a time in epoch ms, written in the mail's language (UTC).
  | { kind: 'exportReady'; name: string; url: string; at: number }
  | { kind: 'deletionCode'; name: string; code: string; minutes: number }
  | { kind: 'deletionScheduled'; name: string; url: string; at: number; days: number }
  | { kind: 'deletionCancelled'; name: string; url: string }
  | { kind: 'accountDeleted'; name: string }
  // Managers (issue 20): an invitation to be managed (its link opens /account/manager), and a child account a
  // manager created for this address (its link sets the password: the reset page).
  | { kind: 'managerInvitation'; name: string; manager: string; url: string; days: number }
  | { kind: 'managerChildCreated'; name: string; manager: string; account: string; url: string; minutes: number; forgotUrl: string }
  /**
   * The weekly statistics digest (src/server/stats/digest.ts): a week's days (`YYYY-MM-DD`, UTC), its
   * totals and the week before's, the most viewed publications, the dashboard and the switch's page.
   */
  | {
      kind: 'statsDigest';
      name: string;
      from: string;
      to: string;
      totals: StatsDigestCounts;
      previous: StatsDigestCounts;
      top: { name: string; views: number }[];
      url: string;
      settingsUrl: string;
    }
  /** A contact message to the support address (QUIRE_SUPPORT_EMAIL); every field is the sender's text. */
  | {
      kind: 'contact';
      name: string;
      subject: 'support' | 'deletion';
      email: string;
      phone: string;
      url: string;
      profileId: string | null;
      text: string;
    };

/** The counters a statistics digest reports. */
export interface StatsDigestCounts {
  views: number;
  readers: number;
  reads: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The parts of a mail, in order; rendered once as plain text and once as inline-styled HTML. */
type Block = { p: string } | { small: string } | { button: string; url: string } | { code: string } | { quote: string };

/** Mail clients keep only inline styles, and Outlook only the first font it knows: a plain stack. */
const MAIL_FONT = 'Arial,Helvetica,sans-serif';

const STYLE = {
  body: { margin: 0, padding: 24, background: TOKENS.bg2, fontFamily: MAIL_FONT, color: TOKENS.ink },
  card: { maxWidth: 560, margin: '0 auto', background: TOKENS.bg, borderRadius: 8, padding: 32 },
  h1: { fontSize: 20, lineHeight: '28px', margin: '0 0 16px' },
  p: { fontSize: 15, lineHeight: '22px', margin: '0 0 16px' },
  small: { fontSize: 13, lineHeight: '19px', color: TOKENS.ink2, margin: '0 0 16px', wordBreak: 'break-all' },
  button: {
    display: 'inline-block',
    background: TOKENS.brand,
    color: TOKENS.bg,
    padding: '12px 20px',
    borderRadius: 6,
    textDecoration: 'none',
    fontWeight: 'bold',
  },
  quote: { fontSize: 15, lineHeight: '22px', margin: '0 0 16px', padding: '12px 16px', background: TOKENS.bg2, whiteSpace: 'pre-wrap' },
  code: { fontSize: 32, letterSpacing: 8, fontWeight: 'bold', fontFamily: 'Consolas,Menlo,monospace', margin: '8px 0 24px' },
} satisfies Record<string, CSSProperties>;

/** A time in the mail's language, with its time zone (UTC: the server does not know the reader's). */
const when = (ms: number, lang: string): string => {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', timeZoneName: 'short' }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
};

/** A UTC day `YYYY-MM-DD` written in the mail's language (no time). */
const day = (value: string, lang: string): string => {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${value}T00:00:00Z`));
  } catch {
    return value;
  }
};

function blocksOf(data: MailData, t: Translate, lang: string): Block[] {
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
    case 'emailChange':
      return [
        { p: hello },
        { p: t(M.emailChange.body, { email: data.email, hours: data.hours }) },
        ...link(t(M.emailChange.action), data.url),
        { p: t(M.emailChange.ignore) },
      ];
    case 'emailChangeNotice':
      return [{ p: hello }, { p: t(M.emailChangeNotice.body, { email: data.email }) }, { p: t(M.emailChangeNotice.ignore) }];
    case 'emailTaken':
      return [{ p: hello }, { p: t(M.emailTaken.body, { email: data.email }) }];
    case 'passwordChanged':
      return [{ p: hello }, { p: t(M.passwordChanged.body) }, { p: t(M.passwordChanged.ignore) }];
    case 'exportReady':
      return [
        { p: hello },
        { p: t(M.exportReady.body, { date: when(data.at, lang) }) },
        ...link(t(M.exportReady.action), data.url),
        { p: t(M.exportReady.ignore) },
      ];
    case 'deletionCode':
      return [{ p: hello }, { p: t(M.deletionCode.body, { minutes: data.minutes }) }, { code: data.code }, { p: t(M.deletionCode.ignore) }];
    case 'deletionScheduled':
      return [
        { p: hello },
        { p: data.days > 0 ? t(M.deletionScheduled.body, { date: when(data.at, lang) }) : t(M.deletionScheduled.bodyNow) },
        ...(data.days > 0
          ? [{ p: t(M.deletionScheduled.cancel, { date: when(data.at, lang) }) }, ...link(t(M.deletionScheduled.action), data.url)]
          : []),
        { p: t(M.deletionScheduled.ignore) },
      ];
    case 'deletionCancelled':
      return [
        { p: hello },
        { p: t(M.deletionCancelled.body) },
        ...link(t(M.deletionCancelled.action), data.url),
        { p: t(M.deletionCancelled.ignore) },
      ];
    case 'accountDeleted':
      return [{ p: hello }, { p: t(M.accountDeleted.body) }, { p: t(M.accountDeleted.bye) }];
    case 'managerInvitation':
      return [
        { p: hello },
        { p: t(M.managerInvitation.body, { manager: data.manager }) },
        { p: t(M.managerInvitation.rights) },
        ...link(t(M.managerInvitation.action), data.url),
        { p: t(M.managerInvitation.ignore, { days: data.days }) },
      ];
    case 'managerChildCreated':
      return [
        { p: hello },
        { p: t(M.managerChildCreated.body, { manager: data.manager, account: data.account }) },
        { p: t(M.managerInvitation.rights) },
        ...link(t(M.managerChildCreated.action), data.url),
        { p: t(M.managerChildCreated.later, { minutes: data.minutes }) },
        { small: data.forgotUrl },
      ];
    case 'statsDigest': {
      const number = (n: number) => new Intl.NumberFormat(lang).format(n);
      // Against the week before: a rounded percentage, or words when there is none to give.
      const change = (now: number, before: number) => {
        if (before === 0) return now === 0 ? t(M.statsDigest.same) : t(M.statsDigest.fresh);
        const percent = Math.round(((now - before) / before) * 100);
        if (percent === 0) return t(M.statsDigest.same);
        return t(percent > 0 ? M.statsDigest.up : M.statsDigest.down, { value: number(Math.abs(percent)) });
      };
      const line = (key: 'views' | 'readers' | 'reads') =>
        t(M.statsDigest[key], { value: number(data.totals[key]), change: change(data.totals[key], data.previous[key]) });
      return [
        { p: hello },
        { p: t(M.statsDigest.body, { from: day(data.from, lang), to: day(data.to, lang) }) },
        { p: line('views') },
        { p: line('readers') },
        { p: line('reads') },
        ...(data.top.length > 0
          ? [
              { p: t(M.statsDigest.top) },
              ...data.top.map((book) => ({ small: t(M.statsDigest.topItem, { name: book.name, count: book.views }) })),
            ]
          : []),
        ...link(t(M.statsDigest.action), data.url),
        { small: t(M.statsDigest.unsubscribe) },
        { small: data.settingsUrl },
      ];
    }
    case 'contact':
      // To the support team: no greeting, the sender's fields as written (escaped in the HTML part).
      return [
        { p: t(M.contact.body, { email: data.email }) },
        { small: t(M.contact.name, { value: data.name }) },
        { small: t(M.contact.email, { value: data.email }) },
        ...(data.phone ? [{ small: t(M.contact.phone, { value: data.phone }) }] : []),
        ...(data.url ? [{ small: t(M.contact.url, { value: data.url }) }] : []),
        ...(data.profileId ? [{ small: t(M.contact.account, { value: data.profileId }) }] : []),
        { p: t(M.contact.message) },
        { quote: data.text },
      ];
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
    case 'emailChange':
      return t(M.emailChange.subject);
    case 'emailChangeNotice':
      return t(M.emailChangeNotice.subject);
    case 'emailTaken':
      return t(M.emailTaken.subject);
    case 'passwordChanged':
      return t(M.passwordChanged.subject);
    case 'exportReady':
      return t(M.exportReady.subject);
    case 'deletionCode':
      return t(M.deletionCode.subject, { code: data.code });
    case 'deletionScheduled':
      return t(M.deletionScheduled.subject);
    case 'deletionCancelled':
      return t(M.deletionCancelled.subject);
    case 'accountDeleted':
      return t(M.accountDeleted.subject);
    case 'managerInvitation':
      return t(M.managerInvitation.subject, { manager: data.manager });
    case 'managerChildCreated':
      return t(M.managerChildCreated.subject, { manager: data.manager });
    case 'statsDigest':
      return t(M.statsDigest.subject, { count: data.totals.views });
    case 'contact':
      return t(data.subject === 'deletion' ? M.contact.subjectDeletion : M.contact.subject, { name: data.name || data.email });
  }
}

function textBlock(block: Block): string {
  if ('p' in block) return block.p;
  if ('small' in block) return block.small;
  if ('code' in block) return block.code;
  if ('quote' in block) return block.quote;
  return `${block.button}: ${block.url}`;
}

function HtmlBlock({ block }: { block: Block }) {
  if ('p' in block) return <p style={STYLE.p}>{block.p}</p>;
  if ('small' in block) return <p style={STYLE.small}>{block.small}</p>;
  if ('code' in block) return <p style={STYLE.code}>{block.code}</p>;
  if ('quote' in block) return <p style={STYLE.quote}>{block.quote}</p>;
  return (
    <p style={STYLE.p}>
      <a href={block.url} style={STYLE.button}>
        {block.button}
      </a>
    </p>
  );
}

function MailDocument({ lang, subject, blocks, signature }: { lang: string; subject: string; blocks: Block[]; signature: string }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={STYLE.body}>
        <div style={STYLE.card}>
          <h1 style={STYLE.h1}>{subject}</h1>
          {blocks.map((block, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a mail's blocks never move, their index is their identity
            <HtmlBlock key={i} block={block} />
          ))}
          <p style={STYLE.small}>{signature}</p>
        </div>
      </body>
    </html>
  );
}

/** Subject, plain text and HTML of one mail in the language `t` translates to. */
export function renderMail(data: MailData, t: Translate, lang: string): RenderedMail {
  const subject = subjectOf(data, t);
  const blocks = blocksOf(data, t, lang);
  const signature = t(M.common.signature);
  const text = `${[...blocks.map(textBlock), signature].join('\n\n')}\n`;
  const html = renderDocument(<MailDocument lang={lang} subject={subject} blocks={blocks} signature={signature} />);
  return { subject, text, html };
}
