import type { I18n, MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { LeadError, LeadsEvent, leadsMachine } from '../../machines/reader/leads.machine';
import { LEAD_EMAIL_MAX, LEAD_NAME_MAX, TRIGGER_DOWNLOAD, TRIGGER_OPEN } from '../contracts/triggers';
import { M } from './messages';
import { h } from './render/dom';

type Snap = SnapshotFrom<typeof leadsMachine>;

const ERRORS: Record<LeadError, MessageDescriptor> = {
  name: M.leadNameRequired,
  email: M.leadEmailInvalid,
  invalid: M.leadEmailInvalid,
  limited: M.leadLimited,
  failed: M.leadFailed,
};

/**
 * The lead form over the reader, drawn from the lead trigger machine (machines/reader/leads.machine.ts):
 * a modal dialog while the machine is in `form` (focus kept inside; Escape asks to skip, which the
 * machine refuses for a mandatory form). A mandatory form has no "Not now" button.
 */
export class LeadFormView {
  private backdrop: HTMLElement | null = null;
  private name: HTMLInputElement | null = null;
  private email: HTMLInputElement | null = null;
  private error: HTMLElement | null = null;
  private submit: HTMLButtonElement | null = null;
  private skip: HTMLButtonElement | null = null;
  private previous: HTMLElement | null = null;
  private shownError: LeadError | null = null;
  /** The reader just pressed "Send": a field error moves the focus to its field again. */
  private submitted = false;

  constructor(
    private readonly i18n: I18n,
    private readonly send: (e: LeadsEvent) => void,
  ) {}

  private t = (d: MessageDescriptor) => this.i18n._(d);

  sync(s: Snap): void {
    const asking = s.context.asking;
    if (!s.matches('form') || !asking) {
      this.close();
      return;
    }
    if (!this.backdrop) this.open(asking.type, asking.is_mandatory);
    const { name, email, error, submit } = this;
    if (!name || !email || !error || !submit) return;
    const c = s.context;
    if (name.value !== c.name) name.value = c.name;
    if (email.value !== c.email) email.value = c.email;
    error.textContent = c.error ? this.t(ERRORS[c.error]) : '';
    const field = c.error === 'name' ? name : c.error === 'email' || c.error === 'invalid' ? email : null;
    for (const f of [name, email]) {
      if (f === field) f.setAttribute('aria-invalid', 'true');
      else f.removeAttribute('aria-invalid');
    }
    if (field && (this.submitted || c.error !== this.shownError)) field.focus();
    this.shownError = c.error;
    this.submitted = false;
    submit.disabled = s.matches({ form: 'submitting' });
  }

  private open(type: number, mandatory: boolean): void {
    const t = this.t;
    this.previous = document.activeElement as HTMLElement | null;
    const input = (field: 'name' | 'email', props: Record<string, unknown>) =>
      h('input', {
        class: 'qr-lead-input',
        name: field,
        autocomplete: field,
        required: true,
        ...props,
        onInput: (e: Event) => this.send({ type: 'user.type', field, value: (e.target as HTMLInputElement).value }),
      });
    const name = input('name', { type: 'text', maxlength: String(LEAD_NAME_MAX) });
    const email = input('email', { type: 'email', maxlength: String(LEAD_EMAIL_MAX) });
    this.name = name;
    this.email = email;
    this.error = h('p', { class: 'qr-lead-error', role: 'alert' });
    this.submit = h('button', { class: 'qr-lead-send', type: 'submit' }, t(M.leadSend));
    this.skip = mandatory
      ? null
      : h('button', { class: 'qr-lead-skip', type: 'button', onClick: () => this.send({ type: 'user.skip' }) }, t(M.leadSkip));
    const intro = type === TRIGGER_OPEN ? M.leadIntroOpen : type === TRIGGER_DOWNLOAD ? M.leadIntroDownload : M.leadIntroPrint;
    const form = h(
      'form',
      {
        class: 'qr-lead-form',
        novalidate: true,
        onSubmit: (e: Event) => {
          e.preventDefault();
          this.submitted = true;
          this.send({ type: 'user.submit' });
        },
      },
      h('label', { class: 'qr-lead-label' }, t(M.leadName), name),
      h('label', { class: 'qr-lead-label' }, t(M.leadEmail), email),
      this.error,
      h('div', { class: 'qr-lead-actions' }, this.skip, this.submit),
    );
    const dialog = h(
      'div',
      { class: 'qr-lead', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'qr-lead-title', 'aria-describedby': 'qr-lead-intro' },
      h('h2', { id: 'qr-lead-title', class: 'qr-lead-title' }, t(M.leadTitle)),
      h('p', { id: 'qr-lead-intro', class: 'qr-lead-intro' }, t(intro)),
      form,
    );
    this.backdrop = h('div', { class: 'qr-lead-backdrop', onKeydown: (e: KeyboardEvent) => this.onKey(e) }, dialog);
    document.body.append(this.backdrop);
    name.focus();
  }

  /** Removes the dialog (the machine left `form`, or the page that shows it goes). */
  close(): void {
    if (!this.backdrop) return;
    this.backdrop.remove();
    this.backdrop = this.name = this.email = this.error = this.submit = this.skip = null;
    this.shownError = null;
    this.previous?.focus?.();
  }

  /** Escape asks to skip; Tab stays inside the dialog. */
  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.send({ type: 'user.skip' });
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [this.name, this.email, this.skip, this.submit].filter(
      (x): x is HTMLInputElement | HTMLButtonElement => !!x && !x.disabled,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  }
}
