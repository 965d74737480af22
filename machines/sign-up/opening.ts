import type { SignUpReason, SocialProvider } from './types';

/** One opening of the modal; a new key is a new modal (machine and views). */
export interface SignUpOpening {
  reason: SignUpReason;
  page: string | undefined;
  hash: string | undefined;
  /** A full-page social sign-in to resume (its provider). */
  resumeSocial?: SocialProvider;
  key: string;
}

const REASONS: readonly SignUpReason[] = ['expired', 'required', 'route'];

/** The modal to show for a snapshot of the host, or null. A waiting social sign-in is resumed by whichever modal opens. */
export function openingOf(snapshot: {
  value: unknown;
  context: { page?: string; hash?: string; socialPending?: SocialProvider };
}): SignUpOpening | null {
  const { page, hash, socialPending } = snapshot.context;
  if (snapshot.value === 'resuming')
    return { reason: 'route', page: 'login', hash: undefined, resumeSocial: socialPending, key: 'resume|login' };
  const reason = REASONS.find((r) => r === snapshot.value);
  if (!reason) return null;
  return { reason, page, hash, resumeSocial: socialPending, key: `${reason}|${page}|${hash ?? ''}` };
}
