// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: account-timestamp
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account timestamp refresh',
  id: 'machines-account-timestamp',
  component: MachinePage,
  args: { machineId: 'account-timestamp' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
