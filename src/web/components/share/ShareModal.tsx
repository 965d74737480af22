/** What is shared: one publication or a whole account (SPEC §2 share modal). */
export interface ShareTarget {
  kind: 'book' | 'account';
  /** Book id or account id. */
  id: string;
  name: string;
  /** The public URL shared (publication overview or publisher page). */
  url: string;
  /** The account the shared item belongs to (the beacon's aid; skipped when it is the current user's). */
  accountId: string;
  /** Optional image for services that take one (pinterest). */
  image?: string;
}

export interface ShareModalProps {
  target: ShareTarget;
  onClose: () => void;
}

/** Placeholder until the share modal lands (issue 7). */
export default function ShareModal(_props: ShareModalProps) {
  return null;
}
