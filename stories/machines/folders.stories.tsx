// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: folders
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Folder manager',
  id: 'machines-folders',
  component: MachinePage,
  args: { machineId: 'folders' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
