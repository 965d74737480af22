// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: details-form
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account details form',
  id: 'machines-details-form',
  component: MachinePage,
  args: { machineId: 'details-form' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
