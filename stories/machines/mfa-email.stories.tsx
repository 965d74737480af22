// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: mfa-email
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Code by e-mail at sign-in',
  id: 'machines-mfa-email',
  component: MachinePage,
  args: { machineId: 'mfa-email' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
