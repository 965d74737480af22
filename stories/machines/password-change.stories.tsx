// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: password-change
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Change password',
  id: 'machines-password-change',
  component: MachinePage,
  args: { machineId: 'password-change' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
