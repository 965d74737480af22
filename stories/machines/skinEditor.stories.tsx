// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: skinEditor
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Skin editor',
  id: 'machines-skineditor',
  component: MachinePage,
  args: { machineId: 'skinEditor' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
