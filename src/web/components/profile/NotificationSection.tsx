import { Trans } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ConsentsActorRef } from '../../../../machines/consents.machine';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { ConsentsForm } from '../account/ConsentsForm';
import { notificationMachine } from './actors';
import { SectionBoundary } from './SectionBoundary';
import '../account/account.css';
import './profile.css';

/**
 * /account/notification: the consents modal's switches as a page section (the same machine, in its
 * page mode: a save says so and the switches stay).
 */
export function NotificationView({ actor }: { actor: ConsentsActorRef }) {
  return (
    <section className="account-card profile-card" aria-labelledby="notification-title">
      <h2 id="notification-title">
        <Trans id="account.notification.title">E-mails and notifications</Trans>
      </h2>
      <p className="profile-lead">
        <Trans id="account.notification.intro">Choose what Quire may send you and which helpers it may load for you.</Trans>
      </p>
      <ConsentsForm actor={actor} page />
    </section>
  );
}

export default function NotificationSection(_: SectionProps) {
  const app = useApp();
  const actor = useActorRef(notificationMachine(app), { input: { mode: 'page' } });
  return (
    <SectionBoundary>
      <NotificationView actor={actor} />
    </SectionBoundary>
  );
}
