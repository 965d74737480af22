// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: leads
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Leads (account)',
  id: 'machines-leads',
  component: MachinePage,
  args: { machineId: 'leads' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
