/**
 * Account activation through ActivationStep: a person chooses how they use Quire (a professional
 * fills three selects) and activates; the activate call (POST profile/activate) and the login that
 * follows (POST profile/session) are answered at the network.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor } from 'xstate';
import { type activationMachine, PRO_FIELDS, type ProField } from '../../../machines/activation.machine';
import { provideActivation } from '../../../machines/sign-up/provide';
import type { UsageContext } from '../../../src/contracts/accounts';
import { ActivationStep } from '../../../src/web/components/account/ActivationStep';
import { describeUiPaths, message, see } from './harness';
import { signUpServices } from './sign-up-services';
import { noSocial } from './social';

type ActivationActor = Actor<typeof activationMachine>;

const CONTEXTS: Record<UsageContext, string> = { ind: 'Individual', edu: 'Student', pro: 'Professional' };
const FIELDS: Record<ProField, string> = {
  company_activity_sector: 'Sector of activity',
  job_title: 'Job title',
  company_size: 'Company size',
};
const card = (context: UsageContext) => page.getByRole('radio', { name: CONTEXTS[context] });
const select = (field: ProField) => page.getByRole('combobox', { name: FIELDS[field] });
const activate = () => page.getByRole('button', { name: 'Activate my account' });
const signingIn = () => page.getByRole('button', { name: 'Signing you in…' });

describeUiPaths<ActivationActor>('activation', {
  mount: (run, input) => {
    const { services } = signUpServices(run.api, noSocial);
    const actor = run.create(provideActivation(services), input);
    return { actor, view: <ActivationStep actor={actor} /> };
  },
  async step(event, { net, actor }) {
    const e = event as unknown as { context: UsageContext; field: ProField; value: string };
    switch (event.type) {
      case 'user.choose':
        return card(e.context).click();
      case 'user.setField':
        return select(e.field).selectOptions(e.value);
      case 'user.submit':
        return activate().click();
      case 'xstate.done.actor.activate':
      case 'xstate.error.actor.activate': {
        const request = await net.take('POST', 'profile/activate');
        const { hash, usageContext, fields } = actor.getSnapshot().context;
        expect(request.body).toMatchObject({ hash, context: usageContext, ...(usageContext === 'pro' ? fields : {}) });
        return net.answer(request, event);
      }
      case 'xstate.done.actor.confirmLogin':
      case 'xstate.error.actor.confirmLogin': {
        const request = await net.take('POST', 'profile/session');
        expect(request.body).toEqual({ hash: actor.getSnapshot().context.loginHash });
        return net.answer(request, event);
      }
    }
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { usageContext, errorId, errors, fields } = snapshot.context;
    const state = snapshot.value as string;
    const editable = state === 'choosingContext';
    for (const context of Object.keys(CONTEXTS) as UsageContext[]) {
      const radio = see(card(context));
      await (usageContext === context ? radio.toBeChecked() : radio.not.toBeChecked());
      await (editable ? see(card(context)).toBeEnabled() : see(card(context)).toBeDisabled());
    }
    for (const field of PRO_FIELDS) {
      if (usageContext !== 'pro') await see(select(field)).not.toBeInTheDocument();
      else {
        await see(select(field)).toHaveValue(fields[field]);
        const problem = see(page.getByRole('alert').filter({ hasText: message('validation.required', { 0: FIELDS[field] }) }));
        await (errors[field] ? problem.toBeInTheDocument() : problem.not.toBeInTheDocument());
      }
    }
    if (errorId)
      await see(
        page
          .getByRole('alert')
          .filter({ hasText: message(errorId) })
          .first(),
      ).toBeVisible();
    if (state === 'choosingContext') {
      // "Activate" shows once a context is chosen.
      if (usageContext) await see(activate()).toBeEnabled();
      else await see(activate()).not.toBeInTheDocument();
    } else if (state === 'activating') await see(activate()).toBeDisabled();
    else if (state === 'confirming') await see(signingIn()).toBeDisabled();
    else {
      // Activated (the modal moves on to the consents or signs in) or failed (the error tab): nothing to submit.
      await see(activate()).not.toBeInTheDocument();
      await see(signingIn()).not.toBeInTheDocument();
    }
  },
});
