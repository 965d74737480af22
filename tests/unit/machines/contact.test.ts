import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { type ContactInput, contactMachine } from '../../../machines/contact.machine';

/** The contact machine with a `send` that records its payloads and answers as told. */
function start(input: ContactInput, answer: () => Promise<{ id: string }>) {
  const sent: unknown[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    contactMachine.provide({
      actors: {
        send: fromPromise(async ({ input: payload }) => {
          sent.push(payload);
          return answer();
        }),
      },
    }),
    { input, clock },
  ).start();
  return { actor, sent, clock };
}

const visitor: ContactInput = { subject: 'support', signedIn: false, devMode: false, url: 'https://quire.example/upgrade' };

describe('contact machine', () => {
  it('checks SPEC §5 on submit: e-mail required and valid, message required, captcha required', () => {
    const { actor, sent } = start(visitor, async () => ({ id: 'm1' }));
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'validation.required',
      text: 'validation.required',
      'g-recaptcha-response': 'validation.required',
    });
    actor.send({ type: 'user.setField', field: 'email', value: 'ada@' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined(); // typing clears the field's error
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors.email).toBe('validation.email');
    expect(sent).toEqual([]);
  });

  it('sends the normal message with its url, shows success and closes after 2 s', async () => {
    const { actor, sent, clock } = start(visitor, async () => ({ id: 'm1' }));
    for (const [field, value] of [
      ['name', 'Ada'],
      ['email', 'ada@example.com'],
      ['text', 'Hello'],
      ['g-recaptcha-response', 'dG9rZW4='],
    ] as const) {
      actor.send({ type: 'user.setField', field, value });
    }
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).toEqual([
      {
        name: 'Ada',
        email: 'ada@example.com',
        text: 'Hello',
        phone: '',
        url: 'https://quire.example/upgrade',
        'g-recaptcha-response': 'dG9rZW4=',
        subject: 'support',
      },
    ]);
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('success');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('signed in, in dev mode: the deletion request needs only the message and sends no name, e-mail or url', async () => {
    const { actor, sent } = start(
      { subject: 'deletion', signedIn: true, devMode: true, name: 'Ada', email: 'ada@example.com', url: 'https://quire.example/' },
      async () => ({ id: 'm2' }),
    );
    actor.send({ type: 'user.setField', field: 'text', value: 'Please delete my account' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).toEqual([{ text: 'Please delete my account', phone: '', 'g-recaptcha-response': '', subject: 'deletion' }]);
  });

  it('a failed call shows its message and spends the captcha token (the widget reloads)', async () => {
    const { actor } = start(visitor, () => Promise.reject({ kind: 'server', type: 'AUTH', code: 130 }));
    actor.send({ type: 'user.setField', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'user.setField', field: 'text', value: 'Hello' });
    actor.send({ type: 'user.setField', field: 'g-recaptcha-response', value: 'dG9rZW4=' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorId !== null);
    expect(actor.getSnapshot().context.errorId).toBe('errors.AUTH.130');
    expect(actor.getSnapshot().context.values['g-recaptcha-response']).toBe('');
    expect(actor.getSnapshot().context.values.text).toBe('Hello');
  });
});
