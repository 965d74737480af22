import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TriggerType } from '../contracts/triggers';
import { M } from './messages';
import { h } from './render/dom';
import type { LeadFailure } from './triggers';
import './lead-form.css';

/** A light e-mail check before sending (the server validates for real). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LeadFormOptions {
  mandatory: boolean;
  type: TriggerType;
  /** Sends the lead; null when stored, else why not. */
  send: (lead: { name: string; email: string }) => Promise<LeadFailure | null>;
}

/**
 * The lead form over the reader: a modal dialog (focus kept inside, Escape skips when allowed). A
 * mandatory form has no way out but sending it; otherwise "Not now" (or Escape) skips it.
 */
export function showLeadForm(i18n: I18n, opts: LeadFormOptions): Promise<'sent' | 'skipped'> {
  const t = (d: MessageDescriptor) => i18n._(d);
  const previous = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const name = h('input', { class: 'qr-lead-input', type: 'text', name: 'name', autocomplete: 'name', required: true, maxlength: '120' });
    const email = h('input', {
      class: 'qr-lead-input',
      type: 'email',
      name: 'email',
      autocomplete: 'email',
      required: true,
      maxlength: '254',
    });
    const error = h('p', { class: 'qr-lead-error', role: 'alert' });
    const submit = h('button', { class: 'qr-lead-send', type: 'submit' }, t(M.leadSend));
    const skip = opts.mandatory
      ? null
      : h('button', { class: 'qr-lead-skip', type: 'button', onClick: () => close('skipped') }, t(M.leadSkip));
    const intro = opts.type === 1 ? M.leadIntroOpen : opts.type === 2 ? M.leadIntroDownload : M.leadIntroPrint;
    const form = h(
      'form',
      { class: 'qr-lead-form', novalidate: true, onSubmit: (e: Event) => void onSubmit(e) },
      h('label', { class: 'qr-lead-label' }, t(M.leadName), name),
      h('label', { class: 'qr-lead-label' }, t(M.leadEmail), email),
      error,
      h('div', { class: 'qr-lead-actions' }, skip, submit),
    );
    const dialog = h(
      'div',
      { class: 'qr-lead', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'qr-lead-title', 'aria-describedby': 'qr-lead-intro' },
      h('h2', { id: 'qr-lead-title', class: 'qr-lead-title' }, t(M.leadTitle)),
      h('p', { id: 'qr-lead-intro', class: 'qr-lead-intro' }, t(intro)),
      form,
    );
    const backdrop = h('div', { class: 'qr-lead-backdrop', onKeydown: onKey }, dialog);
    document.body.append(backdrop);
    name.focus();

    function close(outcome: 'sent' | 'skipped') {
      backdrop.remove();
      previous?.focus?.();
      resolve(outcome);
    }

    async function onSubmit(e: Event) {
      e.preventDefault();
      const lead = { name: name.value.trim(), email: email.value.trim() };
      if (!lead.name) return fail(t(M.leadNameRequired), name);
      if (!EMAIL.test(lead.email)) return fail(t(M.leadEmailInvalid), email);
      submit.disabled = true;
      error.textContent = '';
      const failure = await opts.send(lead);
      submit.disabled = false;
      if (!failure) return close('sent');
      fail(t(failure === 'invalid' ? M.leadEmailInvalid : failure === 'limited' ? M.leadLimited : M.leadFailed));
    }

    function fail(message: string, field?: HTMLInputElement) {
      error.textContent = message;
      for (const f of [name, email]) f.removeAttribute('aria-invalid');
      if (field) {
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      }
    }

    /** Escape skips (when allowed); Tab stays inside the dialog. */
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.preventDefault();
        if (!opts.mandatory) close('skipped');
        return;
      }
      if (e.key !== 'Tab') return;
      const focusable = [name, email, skip, submit].filter((x): x is HTMLInputElement | HTMLButtonElement => !!x && !x.disabled);
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
  });
}
