import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { createActor, fromPromise } from 'xstate';
import { downloadMandatory, openOnce, printAlways } from '../../../machines/reader/leads.entry';
import { type LeadsContext, leadsMachine } from '../../../machines/reader/leads.machine';
import type { ReaderTrigger } from '../../../src/contracts/triggers';
import { LeadFormView } from '../../../src/viewer/lead-form';
import '../../../src/viewer/reader.css';

/**
 * The reader's lead form (src/viewer/lead-form.ts, plain DOM) in each state of the lead trigger machine
 * (machines/reader/leads.machine.ts): a real actor put in the state (resolveState) with calls that never settle.
 */
const SCENARIOS = ['open', 'download', 'print', 'nameMissing', 'emailInvalid', 'submitting', 'failed', 'limited', 'refused'] as const;
type Scenario = (typeof SCENARIOS)[number];

const typed = { name: 'Ada Reader', email: 'ada@example.com' };
const PRESETS: Record<Scenario, { form: string; asking: ReaderTrigger; context?: Partial<LeadsContext> }> = {
  open: { form: 'editing', asking: openOnce },
  download: { form: 'editing', asking: downloadMandatory, context: { held: 2 } },
  print: { form: 'editing', asking: printAlways, context: { held: 3 } },
  nameMissing: { form: 'editing', asking: openOnce, context: { email: typed.email, error: 'name' } },
  emailInvalid: { form: 'editing', asking: downloadMandatory, context: { name: typed.name, email: 'ada@', error: 'email', held: 2 } },
  submitting: { form: 'submitting', asking: downloadMandatory, context: { ...typed, held: 2 } },
  failed: { form: 'failed', asking: downloadMandatory, context: { ...typed, error: 'failed', held: 2 } },
  limited: { form: 'failed', asking: openOnce, context: { ...typed, error: 'limited' } },
  refused: { form: 'failed', asking: openOnce, context: { ...typed, error: 'invalid' } },
};

const pending = <T,>() => new Promise<T>(() => {});
const storyMachine = leadsMachine.provide({
  actors: {
    loadTriggers: fromPromise(() => pending<ReaderTrigger[]>()),
    recall: fromPromise(() => pending<Record<string, string>>()),
    sendLead: fromPromise(() => pending<void>()),
  },
});

function ReaderLeadFormStory({ scenario }: { scenario: Scenario }) {
  const { i18n } = useLingui();
  useEffect(() => {
    const p = PRESETS[scenario];
    const context: LeadsContext = {
      triggers: [openOnce, downloadMandatory, printAlways],
      remembered: {},
      held: null,
      name: '',
      email: '',
      error: null,
      asking: p.asking,
      ...p.context,
    };
    const snapshot = storyMachine.resolveState({ value: { form: p.form }, context } as never);
    const actor = createActor(storyMachine, { snapshot } as never);
    const view = new LeadFormView(i18n, (e) => actor.send(e));
    actor.subscribe((s) => view.sync(s));
    actor.start();
    view.sync(actor.getSnapshot());
    return () => {
      actor.stop();
      view.close();
    };
  }, [scenario, i18n]);
  return <div className="qr" style={{ position: 'relative', height: 560 }} />;
}

const meta = {
  title: 'Components/Reader/Lead form',
  component: ReaderLeadFormStory,
  args: { scenario: 'open' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof ReaderLeadFormStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `form.editing` for "on open", skippable: "Not now" and Send. */
export const Open: Story = { args: { scenario: 'open' } };
/** A mandatory download form: no way on but sending it (the download is held). */
export const Download: Story = { args: { scenario: 'download' } };
/** Before printing, skippable. */
export const Print: Story = { args: { scenario: 'print' } };
/** Sent without a name. */
export const NameMissing: Story = { args: { scenario: 'nameMissing' } };
/** Sent with a wrong address. */
export const EmailInvalid: Story = { args: { scenario: 'emailInvalid' } };
/** `form.submitting`: Send is disabled. */
export const Submitting: Story = { args: { scenario: 'submitting' } };
/** `form.failed`: the call failed; what was typed is kept. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** `form.failed`: too many attempts. */
export const Limited: Story = { args: { scenario: 'limited' } };
/** `form.failed`: the server refused the address. */
export const Refused: Story = { args: { scenario: 'refused' } };
