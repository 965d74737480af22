// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: usage-context
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Usage context',
  id: 'machines-usage-context',
  component: MachinePage,
  args: { machineId: 'usage-context' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
