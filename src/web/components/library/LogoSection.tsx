import type { SectionProps } from '../../pages/routes';
import { LibrarySection } from './LibraryPage';

/** /account/logo (issue 16): the account's own logos (a lazy account section). */
export default function LogoSection(_: SectionProps) {
  return <LibrarySection kind="logo" />;
}
