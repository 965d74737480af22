export interface TriggerTabProps {
  bookId: string;
  /** The book's current (possibly unsaved) modes: trigger types 2 and 3 need them enabled (SPEC §5). */
  downloadMode: number;
  printMode: number;
}

/** Placeholder until triggers land (issue 6): the settings modal's trigger tab content. */
export default function TriggerTab(_props: TriggerTabProps) {
  return null;
}
