import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, Suspense, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { LANGUAGES } from '../../../machines/constants';
import { type Details, detailsFormMachine } from '../../../machines/details-form.machine';
import { ProfileSchema } from '../../contracts/accounts';
import { LANGUAGE_NAMES } from '../../contracts/languages';
import { useApp } from '../app/context';
import { ACCOUNT_LABELS } from '../components/AccountMenuPanel';
import { BookListPage } from '../components/books/BookListPage';
import { GuidedTour } from '../components/tour/GuidedTour';
import { Button, ButtonLink, Field, hasSitePage, Select } from '../components/ui';
import { showsUpgrade } from '../session/menu';
import type { CurrentUser } from '../session/user-store';
import { LAZY_SECTIONS } from './account/sections';
import NotFound from './NotFound';
import { ACCOUNT_SECTIONS, type AccountSection, isAccountSection, type PageProps } from './routes';

/** A section loaded on first visit (account/sections.ts). */
function LazySection({ name, params }: { name: AccountSection; params: Record<string, string> }) {
  const Section = LAZY_SECTIONS[name];
  return (
    <Suspense
      fallback={
        <p className="account-card" aria-busy="true">
          <span className="spinner" />
        </p>
      }
    >
      <Section params={params} />
    </Suspense>
  );
}

function useUser(): CurrentUser | null {
  const { auth } = useApp();
  return useSyncExternalStore(auth.store.subscribe, auth.store.get);
}

function Overview({ user }: { user: CurrentUser }) {
  const mode = user.account.mode;
  return (
    <section className="account-card" aria-labelledby="overview-title">
      <h2 id="overview-title">
        <Trans id="account.overview.hello">Hello, {user.account.name}</Trans>
      </h2>
      <dl className="account-facts">
        <div>
          <dt>
            <Trans id="account.overview.email">E-mail address</Trans>
          </dt>
          <dd>{user.profile.email}</dd>
        </div>
        <div>
          <dt>
            <Trans id="account.overview.plan">Plan</Trans>
          </dt>
          <dd data-testid="account-plan" data-tour="dashboard-plan">
            {mode === 'FREE' ? (
              <Trans id="account.plan.free">Free</Trans>
            ) : mode === 'PREMIUM' ? (
              <Trans id="account.plan.premium">Premium</Trans>
            ) : (
              <Trans id="account.plan.platinum">Platinum</Trans>
            )}
          </dd>
        </div>
      </dl>
      <div className="account-actions">
        <ButtonLink href="/publish" variant="primary" data-tour="dashboard-publish">
          <Trans id="home.cta.publish">Publish a document</Trans>
        </ButtonLink>
        {showsUpgrade(user.account.expiration, Date.now()) && hasSitePage('/upgrade') && (
          <ButtonLink href="/upgrade" variant="accent">
            <Trans id="menu.account.upgrade">Upgrade</Trans>
          </ButtonLink>
        )}
        <ButtonLink href="/account/info_profile">
          <Trans id="menu.account.info_profile">Personal details</Trans>
        </ButtonLink>
      </div>
    </section>
  );
}

function DetailsForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const { api, alerts, auth } = useApp();
  const initial: Details = {
    firstname: user.profile.firstname ?? '',
    lastname: user.profile.lastname ?? '',
    job_title: user.profile.job_title ?? '',
    language: user.profile.language,
  };
  const actor = useActorRef(
    detailsFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const profile = await api.call('profile/update', { method: 'POST', json: input, schema: ProfileSchema, ignoreAlerts: true });
          const u = auth.store.get();
          if (u) auth.store.set({ ...u, profile });
          return {
            firstname: profile.firstname ?? '',
            lastname: profile.lastname ?? '',
            job_title: profile.job_title ?? '',
            language: profile.language,
          };
        }),
      },
      actions: {
        notifySaved: () => alerts.send({ type: 'alert.push', alert: { type: 'success', message: { id: 'account.details.saved' } } }),
      },
    }),
    { input: { values: initial } },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canReset = useSelector(actor, (s) => s.can({ type: 'user.reset' }));
  const set = (field: string) => (e: { target: { value: string } }) => actor.send({ type: 'user.setField', field, value: e.target.value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <form className="account-card" onSubmit={onSubmit} aria-labelledby="details-title" aria-busy={saving}>
      <h2 id="details-title">
        <Trans id="menu.account.info_profile">Personal details</Trans>
      </h2>
      {errorId && (
        <p className="callout callout--danger" role="alert">
          {i18n._(errorId)}
        </p>
      )}
      <div className="account-grid">
        <Field
          label={t({ id: 'account.details.firstname', message: 'First name' })}
          value={values.firstname}
          onChange={set('firstname')}
          maxLength={80}
          noValidate
        />
        <Field
          label={t({ id: 'account.details.lastname', message: 'Last name' })}
          value={values.lastname}
          onChange={set('lastname')}
          maxLength={80}
          noValidate
        />
      </div>
      <Field
        label={t({ id: 'account.details.jobTitle', message: 'Job title' })}
        value={values.job_title}
        onChange={set('job_title')}
        maxLength={80}
        noValidate
      />
      <Select
        label={t({ id: 'account.details.language', message: 'Language of e-mails' })}
        value={values.language}
        onChange={set('language')}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
      <div className="account-actions">
        <Button type="submit" variant="primary" disabled={!canSave || saving}>
          {saving ? <Trans id="account.details.saving">Saving…</Trans> : <Trans id="account.details.save">Save</Trans>}
        </Button>
        <Button onClick={() => actor.send({ type: 'user.reset' })} disabled={!canReset}>
          <Trans id="account.details.cancel">Cancel changes</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The account area: overview and personal details; other sections arrive with their issues. */
export default function Account({ path, params }: PageProps) {
  const { i18n } = useLingui();
  const user = useUser();
  const section = path.split('/')[2] ?? 'dashboard';
  if (!user) return null;
  return (
    <div className="container page account-page">
      <h1>
        <Trans id="account.page.title">Your account</Trans>
      </h1>
      <nav className="account-tabs" aria-label="Account" data-tour="dashboard-sections">
        <Link href="/account/dashboard" aria-current={section === 'dashboard' ? 'page' : undefined}>
          <Trans id="menu.account.dashboard">Dashboard</Trans>
        </Link>
        <Link href="/account/info_profile" aria-current={section === 'info_profile' ? 'page' : undefined}>
          <Trans id="menu.account.info_profile">Personal details</Trans>
        </Link>
        <Link href="/account/book" aria-current={section === 'book' ? 'page' : undefined}>
          <Trans id="menu.account.book">Publications</Trans>
        </Link>
        {ACCOUNT_SECTIONS.map((name) => (
          <Link key={name} href={`/account/${name}`} aria-current={section === name ? 'page' : undefined}>
            {ACCOUNT_LABELS[name] ? i18n._(ACCOUNT_LABELS[name]) : name}
          </Link>
        ))}
      </nav>
      {section === 'book' ? (
        <>
          <BookListPage key={user.account.id} params={params} />
          <GuidedTour key={`books:${user.id}`} name="books" />
        </>
      ) : section === 'info_profile' ? (
        <DetailsForm key={user.id} user={user} />
      ) : section === 'dashboard' ? (
        <>
          <Overview user={user} />
          <GuidedTour key={`dashboard:${user.id}`} name="dashboard" />
        </>
      ) : isAccountSection(section) ? (
        <LazySection key={`${section}:${user.account.id}`} name={section} params={params} />
      ) : (
        <NotFound />
      )}
    </div>
  );
}
