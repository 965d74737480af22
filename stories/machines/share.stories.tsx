// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: share
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Share modal',
  id: 'machines-share',
  component: MachinePage,
  args: { machineId: 'share' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
