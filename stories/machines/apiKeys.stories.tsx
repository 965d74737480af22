// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: apiKeys
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/API keys',
  id: 'machines-apikeys',
  component: MachinePage,
  args: { machineId: 'apiKeys' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
