// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: email-change
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Change e-mail address',
  id: 'machines-email-change',
  component: MachinePage,
  args: { machineId: 'email-change' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
