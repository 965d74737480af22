// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: social
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Social sign-in',
  id: 'machines-social',
  component: MachinePage,
  args: { machineId: 'social' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
