// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: app
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/App',
  id: 'machines-app',
  component: MachinePage,
  args: { machineId: 'app' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
