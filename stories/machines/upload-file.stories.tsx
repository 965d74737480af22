// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: upload-file
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Upload file',
  id: 'machines-upload-file',
  component: MachinePage,
  args: { machineId: 'upload-file' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
