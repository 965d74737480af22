// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: accountStats
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Statistics dashboard',
  id: 'machines-accountstats',
  component: MachinePage,
  args: { machineId: 'accountStats' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
