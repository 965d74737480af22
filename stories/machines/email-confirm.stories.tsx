// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: email-confirm
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Confirm a new e-mail address',
  id: 'machines-email-confirm',
  component: MachinePage,
  args: { machineId: 'email-confirm' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
