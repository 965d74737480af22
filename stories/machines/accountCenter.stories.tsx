// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: accountCenter
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account centre',
  id: 'machines-accountcenter',
  component: MachinePage,
  args: { machineId: 'accountCenter' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
