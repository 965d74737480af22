// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: integrations
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Integrations (account)',
  id: 'machines-integrations',
  component: MachinePage,
  args: { machineId: 'integrations' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
