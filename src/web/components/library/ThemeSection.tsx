import type { SectionProps } from '../../pages/routes';
import { LibrarySection } from './LibraryPage';

/** /account/theme (issue 16): the account's own skins (a lazy account section). */
export default function ThemeSection(_: SectionProps) {
  return <LibrarySection kind="skin" />;
}
