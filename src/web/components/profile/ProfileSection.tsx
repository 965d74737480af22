import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { type FormEvent, useSyncExternalStore } from 'react';
import { type PublicProfileActorRef, socialField } from '../../../../machines/profile/public-profile.machine';
import { DESCRIPTION_MAX, SOCIAL_NAMES, SOCIAL_RULES, SOCIAL_SERVICES, SOCIAL_URL_MAX, WEBSITE_MAX } from '../../../contracts/profile';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import type { CurrentUser } from '../../session/user-store';
import { Callout } from '../account/parts';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Field, TextArea } from '../ui';
import { AvatarEditor } from './AvatarEditor';
import { avatarActors, publicProfileActors } from './actors';
import { FormActions, useFieldMarks, useSettingsForm } from './form-parts';
import { SectionBoundary } from './SectionBoundary';
import '../account/account.css';
import './profile.css';

/** The public profile's texts (public-profile machine): description, website, one link per social service. */
export function PublicProfileView({ actor, publisherPath }: { actor: PublicProfileActorRef; publisherPath: string }) {
  const { t, i18n } = useLingui();
  const { phase, values, saved, errors, error, canEdit, set } = useSettingsForm(actor);
  const marks = useFieldMarks(errors, values, saved);
  const title = <Trans id="account.profile.title">Public profile</Trans>;
  if (phase === 'loading') return <LoadingCard title={title} className="profile-card" />;
  if (phase === 'failed')
    return <FailedCard title={title} error={error} className="profile-card" onRetry={() => actor.send({ type: 'user.retry' })} />;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const descriptionLabel = t({ id: 'account.profile.description', message: 'About you' });
  const websiteLabel = t({ id: 'account.profile.website', message: 'Website' });
  const description = marks('description', descriptionLabel, [DESCRIPTION_MAX]);
  const website = marks('website', websiteLabel, [WEBSITE_MAX]);
  const count = (values.description ?? '').length;
  return (
    <form
      className="account-card profile-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="profile-title"
      aria-busy={phase === 'saving' || undefined}
    >
      <h2 id="profile-title">{title}</h2>
      <p className="profile-lead">
        <Trans id="account.profile.intro">What readers see about you on your public page, beside your publications.</Trans>{' '}
        <a href={publisherPath}>
          <Trans id="account.profile.view">See your public page</Trans>
        </a>
      </p>
      {error && <Callout tone="danger">{i18n._(error)}</Callout>}
      <TextArea
        label={descriptionLabel}
        name="description"
        rows={5}
        value={values.description ?? ''}
        onChange={set('description')}
        maxLength={DESCRIPTION_MAX}
        disabled={!canEdit}
        hint={
          <Trans id="account.profile.description.hint">
            Plain text, shown as you write it. {count} of {DESCRIPTION_MAX} characters.
          </Trans>
        }
        error={description.error}
        valid={description.valid}
      />
      <Field
        label={websiteLabel}
        name="website"
        type="url"
        inputMode="url"
        value={values.website ?? ''}
        onChange={set('website')}
        maxLength={WEBSITE_MAX}
        placeholder="https://"
        autoComplete="url"
        disabled={!canEdit}
        error={website.error}
        valid={website.valid}
      />
      <fieldset className="profile-social" disabled={!canEdit}>
        <legend className="profile-social__legend">
          <Trans id="account.profile.social">Social networks</Trans>
        </legend>
        <p className="account-fineprint">
          <Trans id="account.profile.social.hint">The address of your page on each network you want to show; leave the others empty.</Trans>
        </p>
        <div className="account-grid">
          {SOCIAL_SERVICES.map((service) => {
            const field = socialField(service);
            const mark = marks(field, SOCIAL_NAMES[service], [SOCIAL_URL_MAX]);
            return (
              <Field
                key={service}
                label={SOCIAL_NAMES[service]}
                name={field}
                type="url"
                inputMode="url"
                value={values[field] ?? ''}
                onChange={set(field)}
                maxLength={SOCIAL_URL_MAX}
                placeholder={SOCIAL_RULES[service].example}
                error={
                  mark.error
                    ? t({
                        id: 'account.profile.social.invalid',
                        message: `This is not the address of a profile on ${SOCIAL_NAMES[service]}.`,
                      })
                    : undefined
                }
                valid={mark.valid}
              />
            );
          })}
        </div>
      </fieldset>
      <FormActions actor={actor} saving={phase === 'saving'} />
    </form>
  );
}

function useUser(): CurrentUser | null {
  const { auth } = useApp();
  return useSyncExternalStore(auth.store.subscribe, auth.store.get);
}

function Profile({ user }: { user: CurrentUser }) {
  const app = useApp();
  const avatar = useActorRef(avatarActors(app), {
    input: { current: { small: user.account.image.small, large: user.account.image.large ?? user.account.image.small } },
  });
  const texts = useActorRef(publicProfileActors(app));
  return (
    <div className="profile-stack">
      <AvatarEditor actor={avatar} name={user.account.name} />
      <PublicProfileView actor={texts} publisherPath={user.account.url.overview} />
    </div>
  );
}

/** /account/profile: the public profile shown on the publisher page (avatar, description, website, social links). */
export default function ProfileSection(_: SectionProps) {
  const user = useUser();
  if (!user) return null;
  return (
    <SectionBoundary>
      <Profile user={user} />
    </SectionBoundary>
  );
}
