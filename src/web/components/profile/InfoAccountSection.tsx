import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { type FormEvent, useMemo, useSyncExternalStore } from 'react';
import type { AccountDetailsActorRef } from '../../../../machines/profile/account-details.machine';
import type { UsageContextActorRef } from '../../../../machines/usage-context.machine';
import type { AccountType } from '../../../contracts/accounts';
import { COUNTRY_CODES } from '../../../contracts/countries';
import { CITY_MAX, WEBSITE_MAX } from '../../../contracts/profile';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import type { CurrentUser } from '../../session/user-store';
import { Callout, SubmitButton } from '../account/parts';
import { UsageContextFields, useUsageContextForm } from '../account/UsageContextFields';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Field, Select } from '../ui';
import { accountDetailsActors, usageContextPageMachine } from './actors';
import { FormActions, useFieldMarks, useSettingsForm } from './form-parts';
import { SectionBoundary } from './SectionBoundary';
import '../account/account.css';
import './profile.css';

/** The countries by their names in the reader's language (Intl.DisplayNames), in that language's order. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The plan an account type reads as (SPEC §3 account type constants), shown, not edited. */
function PlanName({ type }: { type: AccountType }) {
  const { t } = useLingui();
  const plan =
    type === 'FREE'
      ? t({ id: 'account.plan.free', message: 'Free' })
      : type.startsWith('PREMIUM')
        ? t({ id: 'account.plan.premium', message: 'Premium' })
        : t({ id: 'account.plan.platinum', message: 'Platinum' });
  return <>{type.endsWith('_DEMO') ? t({ id: 'account.plan.demo', message: `${plan} (demo)` }) : plan}</>;
}

/** The account details form of /account/info_account (account-details machine). */
export function AccountDetailsView({ actor, type }: { actor: AccountDetailsActorRef; type: AccountType }) {
  const { t, i18n } = useLingui();
  const { phase, values, saved, errors, error, canEdit, set } = useSettingsForm(actor);
  const marks = useFieldMarks(errors, values, saved);
  const countries = useMemo(() => countryOptions(i18n.locale || 'en'), [i18n.locale]);
  const title = <Trans id="account.info.title">Account details</Trans>;
  if (phase === 'loading') return <LoadingCard title={title} className="profile-card" />;
  if (phase === 'failed')
    return <FailedCard title={title} error={error} className="profile-card" onRetry={() => actor.send({ type: 'user.retry' })} />;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const labels = {
    name: t({ id: 'account.info.name', message: 'Account name' }),
    city: t({ id: 'account.info.city', message: 'City' }),
    country: t({ id: 'account.info.country', message: 'Country' }),
    url: t({ id: 'account.info.website', message: 'Website' }),
  };
  const name = marks('name', labels.name, [120]);
  const city = marks('city', labels.city, [CITY_MAX]);
  const country = marks('country', labels.country);
  const url = marks('url', labels.url, [WEBSITE_MAX]);
  return (
    <form
      className="account-card profile-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="info-title"
      aria-busy={phase === 'saving' || undefined}
    >
      <h2 id="info-title">{title}</h2>
      <p className="profile-lead">
        <Trans id="account.info.intro">
          How your account is named and where it is. The name shows on your publications and your public page.
        </Trans>
      </p>
      {error && <Callout tone="danger">{i18n._(error)}</Callout>}
      <dl className="account-facts">
        <div>
          <dt>
            <Trans id="account.info.plan">Plan</Trans>
          </dt>
          <dd data-testid="info-plan">
            <PlanName type={type} />
          </dd>
        </div>
      </dl>
      <Field
        label={labels.name}
        name="name"
        value={values.name ?? ''}
        onChange={set('name')}
        maxLength={120}
        required
        autoComplete="organization"
        disabled={!canEdit}
        error={name.error}
        valid={name.valid}
      />
      <div className="account-grid">
        <Field
          label={labels.city}
          name="city"
          value={values.city ?? ''}
          onChange={set('city')}
          maxLength={CITY_MAX}
          autoComplete="address-level2"
          disabled={!canEdit}
          error={city.error}
          valid={city.valid}
        />
        <Select
          label={labels.country}
          name="country"
          value={values.country ?? ''}
          onChange={set('country')}
          placeholder={t({ id: 'account.info.country.none', message: 'Not set' })}
          options={countries}
          autoComplete="country"
          disabled={!canEdit}
          error={country.error}
        />
      </div>
      <Field
        label={labels.url}
        name="url"
        type="url"
        inputMode="url"
        value={values.url ?? ''}
        onChange={set('url')}
        maxLength={WEBSITE_MAX}
        placeholder="https://"
        autoComplete="url"
        hint={<Trans id="account.info.website.hint">A full address starting with https:// or http://</Trans>}
        disabled={!canEdit}
        error={url.error}
        valid={url.valid}
      />
      <FormActions actor={actor} saving={phase === 'saving'} />
    </form>
  );
}

export function UsageContextSectionView({ actor }: { actor: UsageContextActorRef }) {
  const { i18n } = useLingui();
  const { error, canSubmit, busy, onSubmit, fieldsProps } = useUsageContextForm(actor);
  return (
    <form
      className="account-card profile-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="context-title"
      aria-busy={busy || undefined}
    >
      <h2 id="context-title">
        <Trans id="account.context.title">How you use Quire</Trans>
      </h2>
      {error && <Callout tone="danger">{i18n._(error)}</Callout>}
      <UsageContextFields {...fieldsProps} />
      {(canSubmit || busy) && (
        <div className="profile-submit">
          <SubmitButton busy={busy} disabled={!canSubmit}>
            <Trans id="account.context.save">Save my answer</Trans>
          </SubmitButton>
        </div>
      )}
    </form>
  );
}

function useUser(): CurrentUser | null {
  const { auth } = useApp();
  return useSyncExternalStore(auth.store.subscribe, auth.store.get);
}

function InfoAccount({ user }: { user: CurrentUser }) {
  const app = useApp();
  const details = useActorRef(accountDetailsActors(app));
  const context = useActorRef(usageContextPageMachine(app), {
    input: {
      mode: 'page',
      choice: user.account.context,
      fields: {
        company_activity_sector: user.account.company_activity_sector,
        job_title: user.profile.job_title,
        company_size: user.account.company_size,
      },
    },
  });
  return (
    <div className="profile-stack">
      <AccountDetailsView actor={details} type={user.account.type} />
      <UsageContextSectionView actor={context} />
    </div>
  );
}

/** /account/info_account: account details and the usage context (SPEC §3 Account). */
export default function InfoAccountSection(_: SectionProps) {
  const user = useUser();
  if (!user) return null;
  return (
    <SectionBoundary>
      <InfoAccount user={user} />
    </SectionBoundary>
  );
}
