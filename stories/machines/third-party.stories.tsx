// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: third-party
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Support chat, page testing and tracker',
  id: 'machines-third-party',
  component: MachinePage,
  args: { machineId: 'third-party' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
