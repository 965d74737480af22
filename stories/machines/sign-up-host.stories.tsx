// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: sign-up-host
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Sign-up modal host',
  id: 'machines-sign-up-host',
  component: MachinePage,
  args: { machineId: 'sign-up-host' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
