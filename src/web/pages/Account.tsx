import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, Suspense, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { LANGUAGES } from '../../../machines/constants';
import { type Details, detailsFormMachine } from '../../../machines/details-form.machine';
import { ProfileSchema } from '../../contracts/accounts';
import { LANGUAGE_NAMES } from '../../contracts/languages';
import { useApp } from '../app/context';
import { JOB_TITLE_LABELS } from '../components/account/messages';
import { AccountNav } from '../components/account-nav/AccountNav';
import { PLAN_LABELS } from '../components/account-nav/labels';
import { UpgradePanel } from '../components/account-nav/UpgradePanel';
import { BookListPage } from '../components/books/BookListPage';
import { GuidedTour } from '../components/tour/GuidedTour';
import { Button, ButtonLink, Field, hasSitePage, Select } from '../components/ui';
import { accountEntries, menuItemOf, pageAccess, showsUpgrade, viewerOfUser } from '../session/menu';
import type { CurrentUser } from '../session/user-store';
import { jobTitleOptions } from './account/details';
import { LAZY_SECTIONS } from './account/sections';
import NotFound from './NotFound';
import { type AccountSection, isAccountSection, type PageProps } from './routes';

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
  const { i18n } = useLingui();
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
            {i18n._(PLAN_LABELS[user.account.mode])}
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
          autoComplete="given-name"
          noValidate
        />
        <Field
          label={t({ id: 'account.details.lastname', message: 'Last name' })}
          value={values.lastname}
          onChange={set('lastname')}
          maxLength={80}
          autoComplete="family-name"
          noValidate
        />
        <Select
          label={t({ id: 'account.details.jobTitle', message: 'Job title' })}
          value={values.job_title}
          onChange={set('job_title')}
          placeholder={t({ id: 'account.details.jobTitle.none', message: 'Not given' })}
          options={jobTitleOptions(values.job_title ?? '', (v) => i18n._(JOB_TITLE_LABELS[v]), i18n.locale)}
        />
        <Select
          label={t({ id: 'account.details.language', message: 'Language of e-mails' })}
          value={values.language}
          onChange={set('language')}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
      </div>
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

/** The page of an account path: its section's content (the frame shows it beside the navigation). */
function SectionContent({ section, user, params }: { section: string; user: CurrentUser; params: Record<string, string> }) {
  if (section === 'book')
    return (
      <>
        <BookListPage key={user.account.id} params={params} />
        <GuidedTour key={`books:${user.id}`} name="books" />
      </>
    );
  if (section === 'info_profile') return <DetailsForm key={user.id} user={user} />;
  if (section === 'dashboard')
    return (
      <>
        <Overview user={user} />
        <GuidedTour key={`dashboard:${user.id}`} name="dashboard" />
      </>
    );
  if (isAccountSection(section)) return <LazySection key={`${section}:${user.account.id}`} name={section} params={params} />;
  return <NotFound />;
}

/**
 * The account area (SPEC §2 account menu links): the account navigation beside the page shown. What a
 * visit shows follows the one gating table, as the avatar menu and the server do: an enabled page, the
 * upgrade panel for a locked one (its calls are never made), the not-found page for a removed one or
 * one this server does not serve.
 */
export default function Account({ path, params }: PageProps) {
  const user = useUser();
  const section = path.split('/')[2] || 'dashboard';
  if (!user) return null;
  const viewer = viewerOfUser(user);
  const href = `/account/${section}`;
  const state = pageAccess(href, viewer);
  if (state === 'removed') return <NotFound />;
  const item = menuItemOf(href);
  return (
    <div className="container page account-page">
      <h1>
        <Trans id="account.page.title">Your account</Trans>
      </h1>
      <div className="account-layout">
        <AccountNav key={href} entries={accountEntries(viewer, user.account.expiration, Date.now())} current={href} />
        <div className="account-main">
          {state === 'locked' && item ? (
            <UpgradePanel item={item} viewer={viewer} />
          ) : (
            <SectionContent section={section} user={user} params={params} />
          )}
        </div>
      </div>
    </div>
  );
}
