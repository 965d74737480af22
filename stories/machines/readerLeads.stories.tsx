// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: readerLeads
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Reader lead triggers',
  id: 'machines-readerleads',
  component: MachinePage,
  args: { machineId: 'readerLeads' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
