// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: ads
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/House ads',
  id: 'machines-ads',
  component: MachinePage,
  args: { machineId: 'ads' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
