import { fromPromise } from 'xstate';
import type { PostLoginUser } from '../../../../machines/accounts/types';
import { consentsMachine } from '../../../../machines/consents.machine';
import { ACCOUNT_DETAILS_FIELDS, accountDetailsMachine } from '../../../../machines/profile/account-details.machine';
import { type AvatarFile, avatarMachine, type LoadedImage } from '../../../../machines/profile/avatar.machine';
import { profileValues, publicProfileMachine, toProfileRequest } from '../../../../machines/profile/public-profile.machine';
import type { FormValues } from '../../../../machines/profile/settings-form';
import { usageContextMachine } from '../../../../machines/usage-context.machine';
import { type Account, AccountSchema, SubscriptionValuesSchema } from '../../../contracts/accounts';
import { PublicProfileAnswerSchema } from '../../../contracts/profile';
import type { AppActors } from '../../app/actors';

/**
 * The side effects of the account's own pages (issue 16), for their machines: the calls, the current
 * user kept in step with each answer (the header's avatar and name follow at once; other tabs through
 * the stored user and the account timestamp), the success alerts and the browser's image reading.
 */

type Deps = Pick<AppActors, 'api' | 'alerts' | 'auth'>;

const saved = (deps: Deps, id: string) => () => deps.alerts.send({ type: 'alert.push', alert: { type: 'success', message: { id } } });

/** Puts a fresh account into the stored current user. */
function storeAccount(deps: Deps, account: Account): void {
  const user = deps.auth.store.get();
  if (user) deps.auth.store.set({ ...user, account });
}

const refreshUser = (deps: Deps) => fromPromise<PostLoginUser | null>(() => deps.auth.refreshUser());

/** The form's values of an account (account details). */
export const detailsValues = (account: Account): FormValues => ({
  name: account.name,
  city: account.city ?? '',
  country: account.country ?? '',
  url: account.url.website ?? '',
});

/** /account/notification: the consents machine as a page section. */
export const notificationMachine = (deps: Deps) =>
  consentsMachine.provide({
    actors: {
      loadPrefs: fromPromise(async ({ signal }) => {
        const c = await deps.api.call('profile/subscription/get', {
          method: 'GET',
          schema: SubscriptionValuesSchema,
          ignoreAlerts: true,
          signal,
        });
        return { values: JSON.parse(c.values) as Record<string, boolean> };
      }),
      savePrefs: fromPromise(({ input }) =>
        deps.api.call('profile/subscription/update', {
          method: 'POST',
          json: { values: JSON.stringify(input.values) },
          ignoreAlerts: true,
        }),
      ),
      refreshUser: refreshUser(deps),
    },
    actions: { showSaved: saved(deps, 'account.notification.saved') },
  });

/** /account/info_account: the account details form. */
export const accountDetailsActors = (deps: Deps) =>
  accountDetailsMachine.provide({
    actors: {
      load: fromPromise(async () => detailsValues((await deps.auth.refreshUser()).account)),
      save: fromPromise(async ({ input }) => {
        const json = Object.fromEntries(ACCOUNT_DETAILS_FIELDS.map((field) => [field, input[field] ?? '']));
        const account = await deps.api.call('account/update', { method: 'POST', json, schema: AccountSchema, ignoreAlerts: true });
        storeAccount(deps, account);
        return detailsValues(account);
      }),
    },
    actions: { notifySaved: saved(deps, 'account.info.saved') },
  });

/** /account/info_account: the usage-context machine as a page section, from the account's answer. */
export const usageContextPageMachine = (deps: Deps) =>
  usageContextMachine.provide({
    actors: {
      saveContext: fromPromise(async ({ input }) => {
        const account = await deps.api.call('account/update', { method: 'POST', json: input, schema: AccountSchema, ignoreAlerts: true });
        storeAccount(deps, account);
      }),
      refreshUser: refreshUser(deps),
    },
    actions: { showSaved: saved(deps, 'account.context.saved') },
  });

/** /account/profile: description, website, social links. */
export const publicProfileActors = (deps: Deps) =>
  publicProfileMachine.provide({
    actors: {
      load: fromPromise(async ({ signal }) => {
        const answer = await deps.api.call('account/profile/get', {
          method: 'GET',
          schema: PublicProfileAnswerSchema,
          ignoreAlerts: true,
          signal,
        });
        return profileValues(answer);
      }),
      save: fromPromise(async ({ input }) => {
        const answer = await deps.api.call('account/profile/update', {
          method: 'POST',
          json: toProfileRequest(input),
          schema: PublicProfileAnswerSchema,
          ignoreAlerts: true,
        });
        storeAccount(deps, answer.account);
        return profileValues(answer);
      }),
    },
    actions: { notifySaved: saved(deps, 'account.profile.saved') },
  });

/** Reads a chosen file as an image: an object URL and its upright size (the browser applies EXIF orientation). */
export function readImage(file: Blob): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  return image.decode().then(
    () => ({ url, width: image.naturalWidth, height: image.naturalHeight }),
    () => {
      URL.revokeObjectURL(url);
      throw { type: 'PROFILE', code: 984 };
    },
  );
}

/** /account/profile: the avatar. */
export const avatarActors = (deps: Deps) =>
  avatarMachine.provide({
    actors: {
      readImage: fromPromise(({ input }) => readImage(input as AvatarFile & Blob)),
      uploadAvatar: fromPromise(async ({ input }) => {
        const body = new FormData();
        body.set('x', String(input.crop.x));
        body.set('y', String(input.crop.y));
        body.set('size', String(input.crop.size));
        body.set('file', input.file as AvatarFile & Blob);
        const answer = await deps.api.call('account/profile/avatar', {
          method: 'POST',
          body,
          schema: PublicProfileAnswerSchema,
          ignoreAlerts: true,
        });
        storeAccount(deps, answer.account);
        return answer.image;
      }),
      removeAvatar: fromPromise(async () => {
        const answer = await deps.api.call('account/profile/avatar/delete', {
          method: 'POST',
          json: {},
          schema: PublicProfileAnswerSchema,
          ignoreAlerts: true,
        });
        storeAccount(deps, answer.account);
      }),
    },
    actions: {
      releaseImage: (_, { url }) => {
        if (url) URL.revokeObjectURL(url);
      },
      notifySaved: saved(deps, 'account.avatar.saved'),
    },
  });
