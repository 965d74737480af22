// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: activation
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account activation',
  id: 'machines-activation',
  component: MachinePage,
  args: { machineId: 'activation' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
