import type { MachineEntry } from './registry-types';

export type { MachineEntry, PathConfig } from './registry-types';

/** Every machine of the product. Path tests and the Storybook Machines section iterate this list. */
export const machines: MachineEntry[] = [];
