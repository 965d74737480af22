import { AVATAR_MAX_BYTES } from '../../src/contracts/profile';
import type { MachineEntry } from '../registry-types';
import { accountDetailsMachine } from './account-details.machine';
import { type AvatarContext, avatarMachine } from './avatar.machine';
import { profileValues, publicProfileMachine, socialField } from './public-profile.machine';
import type { FormValues, SettingsFormContext } from './settings-form';

/** Registry entries of the account's own pages (issue 16; spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
const refusedError = (field: string, message: string) => ({
  name: 'ApiCallError',
  kind: 'server',
  status: 400,
  type: 'VALIDATION',
  code: 1,
  content: { type: 'VALIDATION', code: 1, message, fields: [field] },
  message: 'VALIDATION.1',
});

/** What decides a form's next step: its state, whether it differs from what is saved, is valid, shows problems. */
const formState =
  (valid: (values: FormValues) => boolean) =>
  (s: Snap): string => {
    const c = s.context as SettingsFormContext;
    const changed = JSON.stringify(c.values) !== JSON.stringify(c.saved);
    return `${JSON.stringify(s.value)}|${changed}|${valid(c.values)}|${Object.keys(c.errors).length > 0}`;
  };

const DETAILS: FormValues = { name: 'Ada Books', city: 'Lyon', country: 'FR', url: 'https://ada.example' };
const PROFILE: FormValues = profileValues({
  description: 'Zines since 2010.',
  website: null,
  social: { github: 'https://github.com/ada' },
});
const github = socialField('github');

const png = { name: 'me.png', size: 120_000, type: 'image/png' };

export const profileMachines: MachineEntry[] = [
  {
    id: 'account-details',
    title: 'Account details',
    description:
      '/account/info_account: loads the account (retry on failure), checks name, city, country and website with the server’s contract before sending, saves only a change, resets to what is saved; a refusal keeps the values and marks the fields.',
    machine: accountDetailsMachine,
    paths: {
      events: (s) => {
        const c = s.context as SettingsFormContext;
        return [
          { type: 'xstate.done.actor.load', output: DETAILS },
          { type: 'xstate.error.actor.load', error: networkError },
          { type: 'user.retry' },
          { type: 'user.setField', field: 'name', value: c.values.name === 'Ada Press' ? 'Ada Books' : 'Ada Press' },
          { type: 'user.setField', field: 'url', value: 'ada.example' },
          { type: 'user.submit' },
          { type: 'user.reset' },
          { type: 'xstate.done.actor.save', output: c.values },
          { type: 'xstate.error.actor.save', error: refusedError('url', 'validation.url') },
        ];
      },
      serializeState: formState((values) => !values.url || values.url.startsWith('https://')),
    },
  },
  {
    id: 'public-profile',
    title: 'Public profile',
    description:
      '/account/profile: loads the description, website and social links (retry on failure), checks each link for its service before sending, saves only a change, resets to what is saved; a refusal keeps the values and marks the fields.',
    machine: publicProfileMachine,
    paths: {
      events: (s) => {
        const c = s.context as SettingsFormContext;
        return [
          { type: 'xstate.done.actor.load', output: PROFILE },
          { type: 'xstate.error.actor.load', error: networkError },
          { type: 'user.retry' },
          {
            type: 'user.setField',
            field: 'description',
            value: c.values.description === 'New words.' ? (PROFILE.description ?? '') : 'New words.',
          },
          { type: 'user.setField', field: github, value: 'https://gitlab.com/ada' },
          { type: 'user.submit' },
          { type: 'user.reset' },
          { type: 'xstate.done.actor.save', output: c.values },
          { type: 'xstate.error.actor.save', error: networkError },
        ];
      },
      serializeState: formState((values) => (values[github] ?? '').startsWith('https://github.com/')),
    },
  },
  {
    id: 'avatar',
    title: 'Avatar',
    description:
      '/account/profile: choose a PNG, JPEG or WebP (type and size checked at once), the browser reads it (too small, too large or unreadable refused), choose a square — pointer, arrow keys, slider, + and − — then upload it; or remove the avatar.',
    machine: avatarMachine,
    eventLabels: { 'user.nudge': 'move the square', 'user.zoom': 'resize a step', 'user.place': 'drag the square' },
    paths: {
      inputs: [
        { current: { small: '/avatars/a/v-small.webp', large: '/avatars/a/v-large.webp' } },
        { current: { small: null, large: null } },
      ],
      events: () => [
        { type: 'user.choose', file: png },
        { type: 'user.choose', file: { ...png, name: 'me.gif', type: 'image/gif' } },
        { type: 'user.choose', file: { ...png, size: AVATAR_MAX_BYTES + 1 } },
        { type: 'xstate.done.actor.readImage', output: { url: 'blob:avatar', width: 800, height: 600 } },
        { type: 'xstate.done.actor.readImage', output: { url: 'blob:avatar', width: 60, height: 60 } },
        { type: 'xstate.done.actor.readImage', output: { url: 'blob:avatar', width: 20_000, height: 100 } },
        { type: 'xstate.error.actor.readImage', error: { type: 'PROFILE', code: 984 } },
        { type: 'user.nudge', dx: 1, dy: 0 },
        { type: 'user.nudge', dx: 0, dy: -1, large: true },
        { type: 'user.zoom', direction: -1 },
        { type: 'user.setSize', size: 300 },
        { type: 'user.place', x: 120, y: 40 },
        { type: 'user.upload' },
        { type: 'user.cancel' },
        { type: 'user.remove' },
        { type: 'xstate.done.actor.uploadAvatar', output: { small: '/avatars/a/w-small.webp', large: '/avatars/a/w-large.webp' } },
        { type: 'xstate.error.actor.uploadAvatar', error: networkError },
        { type: 'xstate.done.actor.removeAvatar', output: undefined },
        { type: 'xstate.error.actor.removeAvatar', error: networkError },
      ],
      serializeState: (s) => {
        const c = s.context as AvatarContext;
        return `${JSON.stringify(s.value)}|${c.current.small !== null}`;
      },
    },
  },
];
