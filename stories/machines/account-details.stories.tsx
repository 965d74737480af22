// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: account-details
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account details',
  id: 'machines-account-details',
  component: MachinePage,
  args: { machineId: 'account-details' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
