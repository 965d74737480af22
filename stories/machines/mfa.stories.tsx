// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: mfa
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Second factor',
  id: 'machines-mfa',
  component: MachinePage,
  args: { machineId: 'mfa' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
