// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: avatar
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Avatar',
  id: 'machines-avatar',
  component: MachinePage,
  args: { machineId: 'avatar' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
