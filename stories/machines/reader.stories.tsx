// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: reader
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Reader',
  id: 'machines-reader',
  component: MachinePage,
  args: { machineId: 'reader' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
