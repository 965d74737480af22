// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: libraryUpload
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Library image upload',
  id: 'machines-libraryupload',
  component: MachinePage,
  args: { machineId: 'libraryUpload' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
