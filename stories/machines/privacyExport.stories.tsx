// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: privacyExport
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Download my data',
  id: 'machines-privacyexport',
  component: MachinePage,
  args: { machineId: 'privacyExport' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
