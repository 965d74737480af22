// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: post-login
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/After login',
  id: 'machines-post-login',
  component: MachinePage,
  args: { machineId: 'post-login' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
