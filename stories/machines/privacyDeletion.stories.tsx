// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: privacyDeletion
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Delete my account',
  id: 'machines-privacydeletion',
  component: MachinePage,
  args: { machineId: 'privacyDeletion' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
