// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: consents
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Notification preferences',
  id: 'machines-consents',
  component: MachinePage,
  args: { machineId: 'consents' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
