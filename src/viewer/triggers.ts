import type { I18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import { type HeldAction, leadsMachine } from '../../machines/reader/leads.machine';
import type { ReaderBook } from '../contracts/reader';
import type { ReaderApi } from './api';
import { LeadFormView } from './lead-form';

/**
 * Book triggers in the reader (issue 6), run by the lead trigger machine
 * (machines/reader/leads.machine.ts): this file only provides its side effects — the API calls
 * (src/viewer/api.ts), what the browser remembers per book and trigger (localStorage), and letting a
 * held download or print go on — and draws its form (lead-form.ts).
 */

const keyOf = (bookId: string, triggerId: string) => `quire.trigger.${bookId}.${triggerId}`;

export interface LeadGate {
  /** Click handler of the download and print links: the machine lets the action go on, now or once its form is done. */
  hold(event: MouseEvent, action: HeldAction, link: HTMLAnchorElement): void;
}

/** The action goes on: a copy of its link (same href, download, target; without the gate's listener) is clicked. */
function passOn(link: HTMLAnchorElement | undefined): void {
  if (!link) return;
  const copy = link.cloneNode() as HTMLAnchorElement;
  copy.hidden = true;
  document.body.append(copy);
  copy.click();
  copy.remove();
}

/**
 * One machine per book per page load, whatever the number of times the toolbar is rebuilt: started
 * with the book's toolbar (it fires "on open" then), it gates the book's file links.
 */
export function createLeadGates(i18n: I18n, api: ReaderApi, storage: Storage | null): (book: ReaderBook) => LeadGate {
  const gates = new Map<string, LeadGate>();
  function start(book: ReaderBook): LeadGate {
    const links: Partial<Record<HeldAction, HTMLAnchorElement>> = {};
    const actor = createActor(
      leadsMachine.provide({
        actors: {
          loadTriggers: fromPromise(({ signal }) => api.triggers(signal)),
          recall: fromPromise(async ({ input }) => {
            const remembered: Record<string, string> = {};
            for (const id of input.ids) {
              const value = storage?.getItem(keyOf(book.id, id));
              if (value) remembered[id] = value;
            }
            return remembered;
          }),
          sendLead: fromPromise(({ input }) => api.lead(input)),
        },
        actions: {
          remember: (_, { trigger, value }) => {
            try {
              storage?.setItem(keyOf(book.id, trigger), value);
            } catch {
              // Storage full or refused: the form may be asked again on the next visit.
            }
          },
          release: (_, { action }) => passOn(links[action]),
        },
      }),
    );
    const view = new LeadFormView(i18n, (e) => actor.send(e));
    actor.subscribe((s) => view.sync(s));
    actor.start();
    return {
      hold(event, action, link) {
        event.preventDefault();
        links[action] = link;
        actor.send({ type: 'user.action', action });
      },
    };
  }
  return (book) => {
    let gate = gates.get(book.id);
    if (!gate) {
      gate = start(book);
      gates.set(book.id, gate);
    }
    return gate;
  };
}
