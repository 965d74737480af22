import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { createActor, fromPromise } from 'xstate';
import { contactMachine } from '../../../machines/contact.machine';
import { type ContactSent, ContactSentSchema, type ContactSubject } from '../../contracts/contact';
import { ContactModal } from '../components/contact/ContactModal';
import { renderCaptcha } from './captcha';
import { CONTACT_MODAL_IDS } from './contact-modal';
import { useApp } from './context';

/**
 * One opening of the contact modal (ContactHost mounts it with a key per opening, loaded lazily): its
 * actor with the real call (`POST {api}/contact/send`, with the session when signed in: the server
 * takes the account's name and e-mail). When the machine ends (closed, or the success shown), the
 * modal leaves the stack; Escape and the backdrop go to the stack, which closes it.
 */
export default function ContactModalView({ subject }: { subject: ContactSubject }) {
  const { api, auth, config, modals, session } = useApp();
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const stored = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const user = loggedIn ? stored : null;
  // One actor per mount: ContactHost gives every opening its own key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per opening
  const actor = useMemo(
    () =>
      createActor(
        contactMachine.provide({
          actors: {
            send: fromPromise<ContactSent, object>(({ input, signal }) =>
              api.call('contact/send', { method: 'POST', json: input, schema: ContactSentSchema, ignoreAlerts: true, signal }),
            ),
          },
        }),
        {
          input: {
            subject,
            signedIn: user !== null,
            devMode: config.dev,
            name: user?.account.name,
            email: user?.profile.email,
            url: window.location.href,
          },
        },
      ),
    [],
  );

  useEffect(() => {
    const id = CONTACT_MODAL_IDS[subject];
    const sub = actor.subscribe((s) => {
      if (s.status === 'done') modals.send({ type: 'modal.close', id });
    });
    actor.start();
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  }, [actor, modals, subject]);

  return (
    <ContactModal
      actor={actor}
      captcha={config.dev ? 'none' : config.captcha}
      renderCaptcha={renderCaptcha}
      onEscape={() => modals.send({ type: 'key.escape' })}
      onBackdrop={() => modals.send({ type: 'backdrop.click' })}
    />
  );
}
