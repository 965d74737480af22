// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: sign-up-modal
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Sign-up modal',
  id: 'machines-sign-up-modal',
  component: MachinePage,
  args: { machineId: 'sign-up-modal' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
