// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: search
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Search page',
  id: 'machines-search',
  component: MachinePage,
  args: { machineId: 'search' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
