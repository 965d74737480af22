// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: checkout
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Buy a plan',
  id: 'machines-checkout',
  component: MachinePage,
  args: { machineId: 'checkout' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
