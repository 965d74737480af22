export interface BookSettingsModalProps {
  /** One book, or a selection (bulk edit with per-item results). */
  ids: string[];
  /** `saved` tells the list to reload what changed. */
  onClose: (saved: boolean) => void;
}

/** Placeholder until the settings modal lands (issue 6). */
export default function BookSettingsModal(_props: BookSettingsModalProps) {
  return null;
}
