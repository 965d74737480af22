import type { SectionProps } from '../../pages/routes';
import { LibrarySection } from './LibraryPage';

/** /account/background (issue 16): the account's own backgrounds (a lazy account section). */
export default function BackgroundSection(_: SectionProps) {
  return <LibrarySection kind="background" />;
}
