import { Trans } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { emailChangeMachine } from '../../../../machines/security/email-change.machine';
import { emailConfirmMachine } from '../../../../machines/security/email-confirm.machine';
import { mfaEmailMachine } from '../../../../machines/security/mfa-email.machine';
import { passwordChangeMachine } from '../../../../machines/security/password-change.machine';
import { type SecurityActorRef, type SecurityContext, securityMachine } from '../../../../machines/security/security.machine';
import { totpEnrolMachine } from '../../../../machines/security/totp-enrol.machine';
import { type TotpRemoval, totpManageMachine } from '../../../../machines/security/totp-manage.machine';
import { ERRORS } from '../../../contracts/errors';
import { SECURITY_FRAGMENT, SECURITY_PATH, type SecurityOverview } from '../../../contracts/security';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../contracts/social';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { type SecurityApi, securityApi } from './api';
import {
  DevicesCard,
  EmailCard,
  EmailConfirmNotice,
  MfaEmailCard,
  PasswordCard,
  SecurityStatus,
  SessionsCard,
  SocialCard,
  TotpEnrolCard,
  TotpManageCard,
} from './views';

const PROVIDER_NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google', linkedin: 'LinkedIn' };

/** The notice of a provider link's outcome in the fragment (`#linked-google`, `#link_error-911`). */
export function noticeOf(params: Record<string, string>): SecurityContext['notice'] {
  const linked = params[SECURITY_FRAGMENT.linked];
  if (linked && (SOCIAL_PROVIDERS as readonly string[]).includes(linked))
    return { id: 'security.social.linked.notice', values: { provider: PROVIDER_NAMES[linked as SocialProvider] } };
  const code = Number(params[SECURITY_FRAGMENT.linkError]);
  const known = Object.values(ERRORS).find((e) => e.code === code);
  return known ? { id: `errors.${known.type}.${known.code}` } : null;
}

/** The fragment has done its work (a link's token, an outcome): the address bar keeps the page only. */
function clearFragment() {
  if (typeof window !== 'undefined' && window.location.hash) window.history.replaceState(window.history.state, '', SECURITY_PATH);
}

/**
 * /account/security (issue 16): the page machine (lists and links) and one machine per form, wired to
 * the API; a form that changed something makes the page reload what it shows.
 */
export default function SecuritySection({ params }: SectionProps) {
  const { api } = useApp();
  const calls = useMemo(() => securityApi(api), [api]);
  const actor = useActorRef(
    securityMachine.provide({
      actors: {
        loadSecurity: fromPromise(() => calls.load()),
        changeSecurity: fromPromise(({ input }) => calls.change(input)),
        startLink: fromPromise(({ input }) => calls.startLink(input.provider)),
      },
      actions: {
        goTo: (_, { url }) => window.location.assign(url),
      },
    }),
    { input: { notice: noticeOf(params) } },
  );
  const overview = useSelector(actor, (s) => s.context.overview);
  const token = params[SECURITY_FRAGMENT.confirmEmail];
  const outcome = params[SECURITY_FRAGMENT.linked] ?? params[SECURITY_FRAGMENT.linkError];
  useEffect(() => {
    if (outcome !== undefined) clearFragment();
  }, [outcome]);
  return (
    <div className="security-page">
      {token && <EmailConfirm token={token} calls={calls} page={actor} />}
      <SecurityStatus actor={actor} />
      {overview && <Forms key={overview.email} overview={overview} calls={calls} page={actor} />}
      {overview && (
        <>
          <SessionsCard actor={actor} now={Date.now()} />
          <DevicesCard actor={actor} now={Date.now()} />
          <SocialCard actor={actor} />
        </>
      )}
    </div>
  );
}

function EmailConfirm({ token, calls, page }: { token: string; calls: SecurityApi; page: SecurityActorRef }) {
  const { auth } = useApp();
  const actor = useActorRef(
    emailConfirmMachine.provide({
      actors: { confirmChange: fromPromise(({ input }) => calls.confirmEmail(input)) },
      actions: {
        changed: () => {
          clearFragment();
          page.send({ type: 'section.reload' });
        },
        confirmed: (_, { email }) => {
          const user = auth.store.get();
          if (user) auth.store.set({ ...user, profile: { ...user.profile, email } });
        },
      },
    }),
    { input: { token } },
  );
  return <EmailConfirmNotice actor={actor} />;
}

function Forms({ overview, calls, page }: { overview: SecurityOverview; calls: SecurityApi; page: SecurityActorRef }) {
  const reload = () => page.send({ type: 'section.reload' });
  const password = useActorRef(
    passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }) => calls.changePassword(input)),
        sendPasswordLink: fromPromise<unknown>(() => calls.passwordLink()),
      },
      actions: { changed: reload },
    }),
    { input: { email: overview.email } },
  );
  const email = useActorRef(
    emailChangeMachine.provide({
      actors: { requestChange: fromPromise(({ input }) => calls.requestEmail(input)) },
      actions: { changed: reload },
    }),
    { input: { email: overview.email } },
  );
  return (
    <>
      <PasswordCard actor={password} hasPassword={overview.has_password} email={overview.email} />
      <EmailCard actor={email} current={overview.email} pending={overview.pending_email} />
      <section className="account-card security-card" aria-labelledby="security-2fa">
        <h2 id="security-2fa">
          <Trans id="security.twoFactor.title">Two-step sign-in</Trans>
        </h2>
        {/* Keyed by the server's answer: a changed setting starts its form afresh. */}
        <MfaEmail key={`mfa:${overview.mfa_email}`} enabled={overview.mfa_email} overview={overview} calls={calls} reload={reload} />
        {overview.totp.enabled ? (
          <TotpManage key="totp:on" left={overview.totp.recovery_codes_left} calls={calls} reload={reload} />
        ) : (
          <TotpEnrol key="totp:off" calls={calls} reload={reload} />
        )}
      </section>
    </>
  );
}

function MfaEmail({
  enabled,
  overview,
  calls,
  reload,
}: {
  enabled: boolean;
  overview: SecurityOverview;
  calls: SecurityApi;
  reload: () => void;
}) {
  const actor = useActorRef(
    mfaEmailMachine.provide({
      actors: { saveMfaEmail: fromPromise(({ input }) => calls.saveMfaEmail(input)) },
      actions: { changed: reload },
    }),
    { input: { enabled } },
  );
  return <MfaEmailCard actor={actor} hasPassword={overview.has_password} totpEnabled={overview.totp.enabled} />;
}

function TotpEnrol({ calls, reload }: { calls: SecurityApi; reload: () => void }) {
  const actor = useActorRef(
    totpEnrolMachine.provide({
      actors: {
        createTotp: fromPromise(() => calls.createTotp()),
        confirmTotp: fromPromise(({ input }) => calls.confirmTotp(input)),
      },
      actions: { changed: reload },
    }),
  );
  return <TotpEnrolCard actor={actor} />;
}

function TotpManage({ left, calls, reload }: { left: number; calls: SecurityApi; reload: () => void }) {
  const actor = useActorRef(
    totpManageMachine.provide({
      actors: {
        removeTotp: fromPromise(({ input }: { input: TotpRemoval }) => calls.removeTotp(input)),
        regenerateCodes: fromPromise(({ input }) => calls.regenerateCodes(input)),
      },
      actions: { changed: reload },
    }),
  );
  return <TotpManageCard actor={actor} left={left} />;
}
