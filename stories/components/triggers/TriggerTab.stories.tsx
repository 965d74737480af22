import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { type TriggerContext, type TriggerLoadOutput, type TriggerSave, triggerMachine } from '../../../machines/trigger.machine';
import { disabledForm, downloadTrigger, leadForm, openTrigger, printTrigger, webhook } from '../../../machines/triggers/fixtures';
import type { BookTrigger } from '../../../src/contracts/triggers';
import { TriggerTabView } from '../../../src/web/components/triggers/TriggerTabView';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The settings modal's trigger tab in each state of the trigger machine (SPEC §4 list states: loading,
 * empty, none available, loaded; saving and deleting; a failed save with the list restored). Loads never
 * settle; saves and deletes succeed after a moment so the rules can be tried.
 */
const SCENARIOS = ['loading', 'failed', 'none', 'empty', 'loaded', 'modesOff', 'saving', 'deleting', 'saveFailed'] as const;
type Scenario = (typeof SCENARIOS)[number];

const integrations = [leadForm, webhook, disabledForm];
const base = (over: Partial<TriggerContext> = {}): TriggerContext => ({
  bookId: 'b1',
  downloadMode: 2,
  printMode: 2,
  triggers: [],
  integrations,
  pending: null,
  error: null,
  ...over,
});
const editing = (leaf: 'empty' | 'loaded') => ({ ready: { editing: leaf } });

const PRESETS: Record<Scenario, { value: unknown; context: TriggerContext }> = {
  loading: { value: 'loading', context: base({ integrations: [] }) },
  failed: { value: 'failed', context: base({ integrations: [], error: 'commons.requestError' }) },
  none: { value: { ready: 'none' }, context: base({ integrations: [disabledForm] }) },
  empty: { value: editing('empty'), context: base() },
  loaded: { value: editing('loaded'), context: base({ triggers: [openTrigger, downloadTrigger, printTrigger] }) },
  /** Download and print off in the settings: only "on open" can be added. */
  modesOff: { value: editing('empty'), context: base({ downloadMode: 0, printMode: 0 }) },
  saving: {
    value: { ready: 'saving' },
    context: base({
      triggers: [openTrigger, { ...downloadTrigger, id: 'new-2', is_mandatory: false, repeating_mode: 3 }],
      pending: {
        save: { kind: 'create', tempId: 'new-2', book: 'b1', type: 2, config: leadForm.id, is_mandatory: false, repeating_mode: 3 },
        before: null,
      },
    }),
  },
  deleting: {
    value: { ready: 'deleting' },
    context: base({ triggers: [openTrigger], pending: { remove: printTrigger, index: 1 } }),
  },
  saveFailed: { value: editing('loaded'), context: base({ triggers: [openTrigger], error: 'errors.TRIGGER.702' }) },
};

const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 600));
const storyMachine = triggerMachine.provide({
  actors: {
    loadTriggers: fromPromise<TriggerLoadOutput, { bookId: string }>(() => new Promise(() => {})),
    saveTrigger: fromPromise(({ input }: { input: TriggerSave }) =>
      later<BookTrigger>(
        input.kind === 'create'
          ? {
              ...openTrigger,
              id: `t-${input.type}`,
              type: input.type,
              config: input.config,
              is_mandatory: input.is_mandatory,
              repeating_mode: input.repeating_mode,
            }
          : { ...openTrigger, id: input.id, is_mandatory: input.is_mandatory, repeating_mode: input.repeating_mode },
      ),
    ),
    deleteTrigger: fromPromise<void, { id: string }>(async () => {
      await later(undefined);
    }),
  },
});

function TriggerTabStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const { value, context } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value, context } as never);
    return createActor(storyMachine, { snapshot } as never).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page" style={{ paddingTop: 24, maxWidth: width ?? 640, paddingInline: 8 }}>
        <TriggerTabView key={scenario} actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Triggers/Trigger tab',
  component: TriggerTabStory,
  args: { scenario: 'loaded' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof TriggerTabStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`: the book's triggers and the account's integrations are on their way. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The load failed: the message and a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** `none available`: no enabled integration; a link to set one up. */
export const NoneAvailable: Story = { args: { scenario: 'none' } };
/** `empty`: integrations exist, no trigger yet; the add form. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** `loaded`: on open (lead form), mandatory download (until done; "once" disabled), print by webhook ("until done" disabled). */
export const Loaded: Story = { args: { scenario: 'loaded' } };
/** Download and print are off for this book: their types cannot be added. */
export const ModesOff: Story = { args: { scenario: 'modesOff' } };
/** A new trigger being created: controls wait for the server. */
export const Saving: Story = { args: { scenario: 'saving' } };
/** A trigger removed while the server answers. */
export const Deleting: Story = { args: { scenario: 'deleting' } };
/** A refused save: the new trigger is gone again and the error shows. */
export const SaveFailed: Story = { args: { scenario: 'saveFailed' } };
/** The loaded list on a 320 px wide phone. */
export const Phone: Story = { args: { scenario: 'loaded', width: 320 }, parameters: { viewport: { defaultViewport: 'mobile1' } } };
