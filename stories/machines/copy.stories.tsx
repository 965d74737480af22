// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: copy
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Copy a link',
  id: 'machines-copy',
  component: MachinePage,
  args: { machineId: 'copy' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
