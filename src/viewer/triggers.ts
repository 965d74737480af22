import type { I18n } from '@lingui/core';
import { readClientConfig } from '../api/hosts';
import { API_VERSION } from '../contracts/envelope';
import type { ReaderBook } from '../contracts/reader';
import {
  REMEMBER_DONE,
  REMEMBER_SHOWN,
  type ReaderTrigger,
  shouldAsk,
  TRIGGER_DOWNLOAD,
  TRIGGER_OPEN,
  TRIGGER_PRINT,
  type TriggerType,
} from '../contracts/triggers';
import { parseReaderLocation } from './api';
import { showLeadForm } from './lead-form';

/**
 * Book triggers in the reader (issue 6): the lead form on open (type 1), before a download (2) and
 * before printing (3). A mandatory trigger holds its action until the form is sent (no way to skip);
 * otherwise the reader may skip it. How often (SPEC §3 repeating_mode, per browser, book and trigger,
 * in localStorage): 1 once (never again after it was shown), 2 until done (again until sent), 3 always.
 * The server already applied the SPEC §4 rule (no "once" when mandatory, no "until done" without support).
 */

type Outcome = 'sent' | 'skipped';
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const keyOf = (bookId: string, triggerId: string) => `quire.trigger.${bookId}.${triggerId}`;

interface Session {
  list: Promise<ReaderTrigger[]>;
  opened: boolean;
  busy: boolean;
  passing: boolean;
}
const sessions = new Map<string, Session>();

function loadTriggers(api: string, bookId: string, token: string | null): Promise<ReaderTrigger[]> {
  const q = new URLSearchParams({ id: bookId, v: String(API_VERSION) });
  if (token) q.set('token', token);
  return fetch(`${api}/public/book/trigger?${q}`, { credentials: 'include', headers: { accept: 'application/json' } })
    .then((r) => r.json() as Promise<{ status?: string; content?: unknown }>)
    .then((b) => (b.status === 'ok' && Array.isArray(b.content) ? (b.content as ReaderTrigger[]) : []))
    .catch(() => []); // triggers never stop anyone reading when they cannot be loaded
}

export interface TriggerGate {
  /** Click handler of the download and print links: holds the action while a lead form is due. */
  intercept(event: MouseEvent, type: TriggerType, link: HTMLAnchorElement): void;
}

/**
 * The triggers of the book on screen (one session per book per page load, whatever the number of
 * times the toolbar is rebuilt): loads them, fires "open" once, and gates the file links.
 */
export function startTriggers(i18n: I18n, book: ReaderBook): TriggerGate {
  const config = readClientConfig();
  const { token } = parseReaderLocation(location.pathname, location.search);
  let session = sessions.get(book.id);
  if (!session) {
    session = { list: loadTriggers(config.api, book.id, token), opened: false, busy: false, passing: false };
    sessions.set(book.id, session);
  }
  const s = session;

  async function run(type: TriggerType): Promise<Outcome | null> {
    const trigger = (await s.list).find((t) => t.type === type);
    if (!trigger) return null;
    const key = keyOf(book.id, trigger.id);
    if (!shouldAsk(trigger, storage?.getItem(key) ?? null)) return null;
    s.busy = true;
    try {
      const outcome = await showLeadForm(i18n, {
        mandatory: trigger.is_mandatory,
        type,
        send: (lead) => sendLead(config.api, { ...lead, book: book.id, trigger: trigger.id, token }),
      });
      storage?.setItem(key, outcome === 'sent' ? REMEMBER_DONE : REMEMBER_SHOWN);
      return outcome;
    } finally {
      s.busy = false;
    }
  }

  if (!s.opened) {
    s.opened = true;
    void run(TRIGGER_OPEN);
  }

  return {
    intercept(event, type, link) {
      if (s.passing || (type !== TRIGGER_DOWNLOAD && type !== TRIGGER_PRINT)) return;
      event.preventDefault();
      if (s.busy) return;
      void run(type).then(() => {
        // The action goes on (sent, skipped, or nothing was due): the same link, let through this time.
        s.passing = true;
        try {
          link.click();
        } finally {
          s.passing = false;
        }
      });
    },
  };
}

export type LeadFailure = 'invalid' | 'limited' | 'failed';

async function sendLead(
  api: string,
  body: { name: string; email: string; book: string; trigger: string; token: string | null },
): Promise<LeadFailure | null> {
  const { token, ...rest } = body;
  try {
    const res = await fetch(`${api}/public/book/trigger/lead?v=${API_VERSION}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(token ? { ...rest, token } : rest),
    });
    const answer = (await res.json().catch(() => null)) as { status?: string; content?: { type?: string } } | null;
    if (answer?.status === 'ok') return null;
    if (res.status === 429) return 'limited';
    return answer?.content?.type === 'VALIDATION' ? 'invalid' : 'failed';
  } catch {
    return 'failed';
  }
}
