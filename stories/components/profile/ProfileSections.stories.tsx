import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { type ConsentsContext, consentsMachine } from '../../../machines/consents.machine';
import { USAGE_CONTEXT_ERROR_ID } from '../../../machines/constants';
import { accountDetailsMachine } from '../../../machines/profile/account-details.machine';
import { type AvatarContext, avatarMachine } from '../../../machines/profile/avatar.machine';
import { profileValues, publicProfileMachine, socialField } from '../../../machines/profile/public-profile.machine';
import type { SettingsFormContext } from '../../../machines/profile/settings-form';
import { type UsageContextContext, usageContextMachine } from '../../../machines/usage-context.machine';
import type { AccountType } from '../../../src/contracts/accounts';
import { AvatarEditor } from '../../../src/web/components/profile/AvatarEditor';
import { AccountDetailsView, UsageContextSectionView } from '../../../src/web/components/profile/InfoAccountSection';
import { NotificationView } from '../../../src/web/components/profile/NotificationSection';
import { PublicProfileView } from '../../../src/web/components/profile/ProfileSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The account's own pages (issue 16) in each state of their machines: /account/notification (the
 * consents machine, page mode), /account/info_account (account details; the usage context, page
 * mode) and /account/profile (the avatar; the public profile's texts). Calls never settle.
 */

const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));
const consents = consentsMachine.provide({ actors: { loadPrefs: pending(), savePrefs: pending(), refreshUser: pending() } });
const details = accountDetailsMachine.provide({ actors: { load: pending(), save: pending() } });
const texts = publicProfileMachine.provide({ actors: { load: pending(), save: pending() } });
const usage = usageContextMachine.provide({ actors: { saveContext: pending(), refreshUser: pending() } });
const avatar = avatarMachine.provide({ actors: { readImage: pending(), uploadAvatar: pending(), removeAvatar: pending() } });

// ── Notification ────────────────────────────────────────────────────────────────────────────────
const PREFS = { newsletter: true, product_updates: false, comments: true, subscribers: false, statistics_digest: true };
const notification = (value: string, patch: Partial<ConsentsContext> = {}) => ({
  value,
  context: { mode: 'page', values: value === 'loading' || value === 'failed' ? {} : PREFS, error: null, user: null, ...patch },
});
const NOTIFICATION = {
  loading: notification('loading'),
  failed: notification('failed', { error: 'commons.requestError' }),
  editing: notification('editing'),
  submitting: notification('submitting'),
  saveFailed: notification('editing', { error: 'errors.SERVER.503' }),
};

// ── Account details ─────────────────────────────────────────────────────────────────────────────
const DETAILS = { name: 'Ada Books', city: 'Lyon', country: 'FR', url: 'https://ada.example' };
const form = (value: unknown, patch: Partial<SettingsFormContext> = {}, base: Record<string, string> = DETAILS) => ({
  value,
  context: { values: base, saved: base, errors: {}, error: null, ...patch },
});
const DETAIL_STATES = {
  loading: form('loading', { values: {}, saved: {} }),
  failed: form('failed', { values: {}, saved: {}, error: 'commons.requestTooLong' }),
  pristine: form({ ready: 'pristine' }),
  dirty: form({ ready: 'dirty' }, { values: { ...DETAILS, city: 'Paris' } }),
  invalid: form(
    { ready: 'dirty' },
    { values: { ...DETAILS, name: '', url: 'ada.example' }, errors: { name: 'validation.required', url: 'validation.url' } },
  ),
  saving: form({ ready: 'saving' }, { values: { ...DETAILS, city: 'Paris' } }),
  refused: form({ ready: 'dirty' }, { values: { ...DETAILS, city: 'Paris' }, error: 'errors.ACCOUNT.402' }),
};

// ── Usage context (page) ────────────────────────────────────────────────────────────────────────
const usageState = (value: string, patch: Partial<UsageContextContext> = {}) => ({
  value,
  context: {
    mode: 'page',
    choice: 'pro',
    fields: { company_activity_sector: 'arts_culture', job_title: 'editor_journalist', company_size: '2-10' },
    emptyFields: [],
    error: null,
    user: null,
    ...patch,
  },
});
const USAGE = {
  unanswered: usageState('choosing', { choice: null, fields: { company_activity_sector: '', job_title: '', company_size: '' } }),
  answered: usageState('chosen'),
  missing: usageState('chosen', {
    fields: { company_activity_sector: 'arts_culture', job_title: '', company_size: '' },
    emptyFields: ['job_title', 'company_size'],
    error: USAGE_CONTEXT_ERROR_ID,
  }),
  submitting: usageState('submitting'),
  saveFailed: usageState('chosen', { choice: 'ind', error: 'commons.requestError' }),
};

// ── Public profile ──────────────────────────────────────────────────────────────────────────────
const PROFILE = profileValues({
  description: 'We publish zines and art books.\nBased in Lyon since 2010.',
  website: 'https://ada.example',
  social: { instagram: 'https://www.instagram.com/ada.books', github: 'https://github.com/ada' },
});
const TEXT_STATES = {
  loading: form('loading', { values: {}, saved: {} }, PROFILE),
  failed: form('failed', { values: {}, saved: {}, error: 'commons.requestError' }, PROFILE),
  pristine: form({ ready: 'pristine' }, {}, PROFILE),
  invalid: form(
    { ready: 'dirty' },
    {
      values: { ...PROFILE, [socialField('instagram')]: 'https://www.instagram.com/ada/p/1', website: 'ada.example' },
      errors: { [socialField('instagram')]: 'account.profile.social.invalid', website: 'validation.url' },
    },
    PROFILE,
  ),
  saving: form({ ready: 'saving' }, { values: { ...PROFILE, description: 'Zines.' } }, PROFILE),
};

// ── Avatar ──────────────────────────────────────────────────────────────────────────────────────
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#3d7ad6"/><circle cx="400" cy="250" r="180" fill="#f08a3e"/></svg>',
)}`;
const CURRENT = { small: PICTURE, large: PICTURE };
const NONE = { small: null, large: null };
const image = { url: PICTURE, width: 800, height: 500 };
const file = { name: 'me.png', size: 120_000, type: 'image/png' };
const avatarState = (value: unknown, patch: Partial<AvatarContext> = {}) => ({
  value,
  context: { current: NONE, file: null, image: null, crop: { x: 0, y: 0, size: 0 }, error: null, ...patch },
});
const AVATAR = {
  none: avatarState('idle'),
  current: avatarState('idle', { current: CURRENT }),
  refused: avatarState('idle', { error: 'errors.PROFILE.981' }),
  reading: avatarState('reading', { file }),
  cropping: avatarState({ editing: 'cropping' }, { file, image, crop: { x: 250, y: 50, size: 400 } }),
  uploading: avatarState({ editing: 'uploading' }, { file, image, crop: { x: 250, y: 50, size: 400 } }),
  uploadFailed: avatarState({ editing: 'cropping' }, { file, image, crop: { x: 150, y: 0, size: 500 }, error: 'commons.requestError' }),
  removing: avatarState('removing', { current: CURRENT }),
};

type Section = 'notification' | 'details' | 'usage' | 'texts' | 'avatar';
const SCENARIOS: Record<Section, string[]> = {
  notification: Object.keys(NOTIFICATION),
  details: Object.keys(DETAIL_STATES),
  usage: Object.keys(USAGE),
  texts: Object.keys(TEXT_STATES),
  avatar: Object.keys(AVATAR),
};

function SectionStory({
  section,
  scenario,
  width,
  plan = 'PREMIUM',
}: {
  section: Section;
  scenario: string;
  width?: number;
  plan?: AccountType;
}) {
  const view = useStoryActor((): { stop(): void; node: ReactNode } => {
    const pick = <T,>(table: Record<string, T>, fallback: T) => table[scenario] ?? fallback;
    if (section === 'notification') {
      const p = pick(NOTIFICATION, NOTIFICATION.editing);
      const actor = actorAt(consents, p.value, p.context, { mode: 'page' }).start();
      return { stop: () => actor.stop(), node: <NotificationView actor={actor} /> };
    }
    if (section === 'details') {
      const p = pick(DETAIL_STATES, DETAIL_STATES.pristine);
      const actor = actorAt(details, p.value, p.context).start();
      return { stop: () => actor.stop(), node: <AccountDetailsView actor={actor} type={plan} /> };
    }
    if (section === 'usage') {
      const p = pick(USAGE, USAGE.answered);
      const actor = actorAt(usage, p.value, p.context, { mode: 'page' }).start();
      return { stop: () => actor.stop(), node: <UsageContextSectionView actor={actor} /> };
    }
    if (section === 'texts') {
      const p = pick(TEXT_STATES, TEXT_STATES.pristine);
      const actor = actorAt(texts, p.value, p.context).start();
      return { stop: () => actor.stop(), node: <PublicProfileView actor={actor} publisherPath="/publisher/a1" /> };
    }
    const p = pick(AVATAR, AVATAR.none);
    const actor = actorAt(avatar, p.value, p.context, { current: p.context.current }).start();
    return { stop: () => actor.stop(), node: <AvatarEditor actor={actor} name="Ada Books" /> };
  }, [section, scenario, plan]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        {view.node}
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Own pages',
  component: SectionStory,
  args: { section: 'details', scenario: 'pristine' },
  argTypes: {
    section: { control: 'inline-radio', options: ['notification', 'details', 'usage', 'texts', 'avatar'] },
    scenario: { control: 'select', options: [...new Set(Object.values(SCENARIOS).flat())] },
    plan: { control: 'select', options: ['FREE', 'PREMIUM', 'PREMIUM_DEMO', 'PLATINUM', 'PLATINUM_DEMO'] },
  },
} satisfies Meta<typeof SectionStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /account/notification while the preferences load (`loading`). */
export const NotificationLoading: Story = { args: { section: 'notification', scenario: 'loading' } };
/** They did not load (`failed`): the reason and a retry. */
export const NotificationFailed: Story = { args: { section: 'notification', scenario: 'failed' } };
/** The switches (`editing`); a save says so and they stay. */
export const NotificationEditing: Story = { args: { section: 'notification', scenario: 'editing' } };
/** Saving (`submitting`): switches locked. */
export const NotificationSubmitting: Story = { args: { section: 'notification', scenario: 'submitting' } };
/** A save the server refused: back to `editing` with the message. */
export const NotificationSaveFailed: Story = { args: { section: 'notification', scenario: 'saveFailed' } };

/** /account/info_account, account details loading (`loading`). */
export const DetailsLoading: Story = { args: { section: 'details', scenario: 'loading' } };
/** They did not load (`failed`). */
export const DetailsFailed: Story = { args: { section: 'details', scenario: 'failed' } };
/** As saved (`ready.pristine`): nothing to save. */
export const DetailsPristine: Story = { args: { section: 'details', scenario: 'pristine' } };
/** A demo plan, read-only. */
export const DetailsDemoPlan: Story = { args: { section: 'details', scenario: 'pristine', plan: 'PLATINUM_DEMO' } };
/** Changed (`ready.dirty`): save or cancel the changes. */
export const DetailsDirty: Story = { args: { section: 'details', scenario: 'dirty' } };
/** A refused submit: the problems under their fields. */
export const DetailsInvalid: Story = { args: { section: 'details', scenario: 'invalid' } };
/** Saving (`ready.saving`). */
export const DetailsSaving: Story = { args: { section: 'details', scenario: 'saving' } };
/** The server refused the save: its message, the values kept. */
export const DetailsRefused: Story = { args: { section: 'details', scenario: 'refused' } };

/** /account/info_account, usage context not answered yet (`choosing`). */
export const UsageUnanswered: Story = { args: { section: 'usage', scenario: 'unanswered' } };
/** The account's answer (`chosen`, professional with its selects). */
export const UsageAnswered: Story = { args: { section: 'usage', scenario: 'answered' } };
/** Empty selects marked. */
export const UsageMissing: Story = { args: { section: 'usage', scenario: 'missing' } };
/** Saving (`submitting`). */
export const UsageSubmitting: Story = { args: { section: 'usage', scenario: 'submitting' } };
/** A failed save. */
export const UsageSaveFailed: Story = { args: { section: 'usage', scenario: 'saveFailed' } };

/** /account/profile, the texts loading (`loading`). */
export const TextsLoading: Story = { args: { section: 'texts', scenario: 'loading' } };
/** They did not load (`failed`). */
export const TextsFailed: Story = { args: { section: 'texts', scenario: 'failed' } };
/** Description, website and two social links as saved. */
export const TextsPristine: Story = { args: { section: 'texts', scenario: 'pristine' } };
/** A link that is not the service's and a website without its scheme, refused. */
export const TextsInvalid: Story = { args: { section: 'texts', scenario: 'invalid' } };
/** Saving. */
export const TextsSaving: Story = { args: { section: 'texts', scenario: 'saving' } };
/** On a 320 px screen. */
export const TextsNarrow: Story = { args: { section: 'texts', scenario: 'pristine', width: 320 } };

/** /account/profile, no avatar yet: the initials (`idle`). */
export const AvatarNone: Story = { args: { section: 'avatar', scenario: 'none' } };
/** The current avatar, with "Remove avatar". */
export const AvatarCurrent: Story = { args: { section: 'avatar', scenario: 'current' } };
/** A file refused at once (not a picture). */
export const AvatarRefused: Story = { args: { section: 'avatar', scenario: 'refused' } };
/** The browser opens the picture (`reading`). */
export const AvatarReading: Story = { args: { section: 'avatar', scenario: 'reading' } };
/** Choosing the square (`editing.cropping`): drag, arrow keys, + and −, the slider; the preview. */
export const AvatarCropping: Story = { args: { section: 'avatar', scenario: 'cropping' } };
/** Uploading (`editing.uploading`). */
export const AvatarUploading: Story = { args: { section: 'avatar', scenario: 'uploading' } };
/** The upload failed: back to cropping with the message. */
export const AvatarUploadFailed: Story = { args: { section: 'avatar', scenario: 'uploadFailed' } };
/** Removing (`removing`). */
export const AvatarRemoving: Story = { args: { section: 'avatar', scenario: 'removing' } };
/** Cropping on a 320 px screen. */
export const AvatarCroppingNarrow: Story = { args: { section: 'avatar', scenario: 'cropping', width: 320 } };
