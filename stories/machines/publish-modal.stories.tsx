// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: publish-modal
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Publish modal',
  id: 'machines-publish-modal',
  component: MachinePage,
  args: { machineId: 'publish-modal' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
