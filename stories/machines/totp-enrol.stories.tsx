// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: totp-enrol
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Authenticator app: set up',
  id: 'machines-totp-enrol',
  component: MachinePage,
  args: { machineId: 'totp-enrol' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
