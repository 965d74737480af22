import { JOB_TITLES, type JobTitle, sortedOptions } from '../../components/account/context-options';
import type { SelectOption } from '../../components/ui/Select';

const isJobTitle = (value: string): value is JobTitle => (JOB_TITLES as readonly string[]).includes(value);

/**
 * The job title select of the personal details: the usage-context question's list (SPEC §2: sorted
 * ignoring accents, 'other' last), each by its translated label. A stored title outside the list (set
 * before the list existed) stays choosable as it was written, so saving other fields does not drop it.
 */
export function jobTitleOptions(current: string, label: (value: JobTitle) => string, locale?: string): SelectOption[] {
  const options = sortedOptions(JOB_TITLES, label, locale);
  return current !== '' && !isJobTitle(current) ? [{ value: current, label: current }, ...options] : options;
}
