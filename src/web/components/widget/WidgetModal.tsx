/** What is embedded: an account's (or a folder's) library, or one publication (SPEC §2 widget modal). */
export interface WidgetTarget {
  accountId: string;
  /** A folder of the account (library of that folder only). */
  folderId?: string;
  /** One publication: the single-book embed snippet. */
  bookId?: string;
  name: string;
}

export interface WidgetModalProps {
  target: WidgetTarget;
  onClose: () => void;
}

/** Placeholder until the widget modal lands (issue 7). */
export default function WidgetModal(_props: WidgetModalProps) {
  return null;
}
