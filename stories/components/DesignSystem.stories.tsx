import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button, Field, Select, Switch, Tabs } from '../../src/web/components/ui';

function DesignSystem() {
  const [tab, setTab] = useState<'general' | 'sharing' | 'design'>('general');
  const [on, setOn] = useState(true);
  return (
    <div style={{ display: 'grid', gap: 24, maxWidth: 640 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button variant="primary">Primary</Button>
        <Button>Default</Button>
        <Button variant="accent">Accent</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button disabled>Disabled</Button>
        <Button size="sm">Small</Button>
        <Button size="lg" variant="primary">
          Large
        </Button>
      </div>
      <Tabs
        label="Settings"
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'general', label: 'General' },
          { key: 'sharing', label: 'Sharing', warning: true },
          { key: 'design', label: 'Design' },
        ]}
      >
        <p>Panel: {tab}</p>
      </Tabs>
      <Field label="Name" defaultValue="Annual report" valid />
      <Field label="Email" defaultValue="not-an-email" error="Email must be a valid email" />
      <Field label="Read only" defaultValue="—" readOnly error="never shown" />
      <Field label="Website" hint="Optional; starts with http or https" />
      <Select
        label="Company size"
        placeholder="Choose…"
        options={[
          { value: '1', label: '1–10' },
          { value: '2', label: '11–50' },
        ]}
      />
      <Select label="Job title" placeholder="Choose…" options={[]} error="Choose a value" />
      <Switch checked={on} onChange={setOn} label="Newsletter" />
    </div>
  );
}

const meta = { title: 'Design system/Primitives', component: DesignSystem } satisfies Meta<typeof DesignSystem>;
export default meta;
export const All: StoryObj<typeof meta> = {};
