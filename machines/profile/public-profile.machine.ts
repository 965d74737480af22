import type { ActorRefFrom } from 'xstate';
import { PublicProfileUpdateSchema, SOCIAL_SERVICES } from '../../src/contracts/profile';
import { contractErrors, type FormValues, settingsFormMachine } from './settings-form';

/** The form's field of a social service (`social.github`): the contract's dot path, so its problems land there. */
export const socialField = (service: (typeof SOCIAL_SERVICES)[number]) => `social.${service}`;

/** The request of the form's values (`{api}/account/profile/update`): every field, empty ones clearing. */
export function toProfileRequest(values: FormValues) {
  return {
    description: values.description ?? '',
    website: values.website ?? '',
    social: Object.fromEntries(SOCIAL_SERVICES.map((service) => [service, values[socialField(service)] ?? ''])),
  };
}

/** The form's values of a public profile as the server answers it. */
export function profileValues(profile: { description: string; website: string | null; social: Record<string, string> }): FormValues {
  return {
    description: profile.description,
    website: profile.website ?? '',
    ...Object.fromEntries(SOCIAL_SERVICES.map((service) => [socialField(service), profile.social[service] ?? ''])),
  };
}

/**
 * `/account/profile`, the public profile's texts: description (plain text, limits), website and one
 * link per social service (each checked for its service), as the publisher page shows them.
 */
export const publicProfileMachine = settingsFormMachine('publicProfile', (values: FormValues) =>
  contractErrors(PublicProfileUpdateSchema, toProfileRequest(values)),
);

/** A running publicProfileMachine, as the views get it. */
export type PublicProfileActorRef = ActorRefFrom<typeof publicProfileMachine>;
