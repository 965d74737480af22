import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { disabledForm, leadForm, sampleLead, webhook } from '../../../machines/triggers/fixtures';
import { EMPTY_DRAFT, type IntegrationChange, integrationsMachine } from '../../../machines/triggers/integrations.machine';
import { LEADS_STEP, leadsMachine } from '../../../machines/triggers/leads.machine';
import type { Lead, TriggerConfig } from '../../../src/contracts/triggers';
import { IntegrationsView } from '../../../src/web/components/triggers/IntegrationsSection';
import { LeadsView } from '../../../src/web/components/triggers/LeadsSection';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/integration and /account/trigger in each state of their machines. Loads never settle;
 * changes answer the fixture list after a moment, the export never ends.
 */
const SCENARIOS = [
  'integrationsLoading',
  'integrationsFailed',
  'integrationsEmpty',
  'integrationsLoaded',
  'integrationsWorking',
  'integrationsCreating',
  'leadsLoading',
  'leadsEmpty',
  'leadsLoaded',
  'leadsExporting',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const never = <T,>() => new Promise<T>(() => {});
const integrationsStory = integrationsMachine.provide({
  actors: {
    loadIntegrations: fromPromise<TriggerConfig[]>(() => never()),
    changeIntegration: fromPromise<TriggerConfig[], IntegrationChange>(
      () => new Promise((resolve) => setTimeout(() => resolve([leadForm, webhook, disabledForm]), 600)),
    ),
  },
});
const leadsStory = leadsMachine.provide({
  actors: {
    loadLeads: fromPromise<{ list: Lead[]; total: number }, { start: number }>(() => never()),
    exportLeads: fromPromise<string>(() => never()),
  },
});

const leads: Lead[] = Array.from({ length: 6 }, (_, i) => ({
  ...sampleLead,
  id: `l${i}`,
  name: ['Ada Reader', 'Grace H.', 'Jean-Baptiste Émile de la Fontaine-Longname', 'Linus', 'Mary', 'Alan'][i] as string,
  email: `reader${i}@example.com`,
  type: ((i % 3) + 1) as 1 | 2 | 3,
  created: sampleLead.created - i * 3600,
}));

function AccountTriggersStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const view = useStoryActor(
    () => {
      const at = (machine: typeof integrationsStory | typeof leadsStory, value: unknown, context: unknown) =>
        createActor(
          machine as never,
          { snapshot: (machine as typeof integrationsStory).resolveState({ value, context } as never) } as never,
        ).start();
      const items = [leadForm, webhook, disabledForm];
      switch (scenario) {
        case 'integrationsLoading':
          return { kind: 'integrations', actor: at(integrationsStory, 'loading', { items: [], error: null, draft: EMPTY_DRAFT }) } as const;
        case 'integrationsFailed':
          return {
            kind: 'integrations',
            actor: at(integrationsStory, 'failed', { items: [], error: 'commons.requestError', draft: EMPTY_DRAFT }),
          } as const;
        case 'integrationsEmpty':
          return {
            kind: 'integrations',
            actor: at(integrationsStory, { ready: { idle: 'empty' } }, { items: [], error: null, draft: EMPTY_DRAFT }),
          } as const;
        case 'integrationsLoaded':
          return {
            kind: 'integrations',
            actor: at(integrationsStory, { ready: { idle: 'loaded' } }, { items, error: null, draft: EMPTY_DRAFT }),
          } as const;
        case 'integrationsWorking':
          return {
            kind: 'integrations',
            actor: at(integrationsStory, { ready: 'working' }, { items, error: null, draft: EMPTY_DRAFT }),
          } as const;
        case 'integrationsCreating':
          return {
            kind: 'integrations',
            actor: at(
              integrationsStory,
              { ready: 'creating' },
              { items, error: null, draft: { kind: 'webhook', name: 'CRM', url: 'https://hooks.example.com/quire' } },
            ),
          } as const;
        case 'leadsLoading':
          return { kind: 'leads', actor: at(leadsStory, 'loading', { start: 0, list: [], total: 0, error: null }) } as const;
        case 'leadsEmpty':
          return { kind: 'leads', actor: at(leadsStory, { ready: 'empty' }, { start: 0, list: [], total: 0, error: null }) } as const;
        case 'leadsLoaded':
          return {
            kind: 'leads',
            actor: at(leadsStory, { ready: { loaded: 'idle' } }, { start: 0, list: leads, total: LEADS_STEP + 6, error: null }),
          } as const;
        default:
          return {
            kind: 'leads',
            actor: at(leadsStory, { ready: { loaded: 'exporting' } }, { start: 0, list: leads, total: 6, error: null }),
          } as const;
      }
    },
    [scenario],
    (v) => v.actor.stop(),
  );
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, maxWidth: width ?? 900, paddingInline: 8 }}>
        {view.kind === 'integrations' ? (
          <IntegrationsView key={scenario} actor={view.actor as never} />
        ) : (
          <LeadsView key={scenario} actor={view.actor as never} />
        )}
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Triggers/Account sections',
  component: AccountTriggersStory,
  args: { scenario: 'integrationsLoaded' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof AccountTriggersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IntegrationsLoading: Story = { args: { scenario: 'integrationsLoading' } };
export const IntegrationsFailed: Story = { args: { scenario: 'integrationsFailed' } };
/** No integration yet: the create form (lead form or webhook). */
export const IntegrationsEmpty: Story = { args: { scenario: 'integrationsEmpty' } };
/** A lead form, a webhook (URL, secret behind "Signing secret") and a disabled form. */
export const IntegrationsLoaded: Story = { args: { scenario: 'integrationsLoaded' } };
/** A change on its way: the controls wait. */
export const IntegrationsWorking: Story = { args: { scenario: 'integrationsWorking' } };
export const IntegrationsCreating: Story = { args: { scenario: 'integrationsCreating' } };
export const LeadsLoading: Story = { args: { scenario: 'leadsLoading' } };
export const LeadsEmpty: Story = { args: { scenario: 'leadsEmpty' } };
/** The leads table with paging (more than one page) and the export. */
export const LeadsLoaded: Story = { args: { scenario: 'leadsLoaded' } };
/** The CSV export running. */
export const LeadsExporting: Story = { args: { scenario: 'leadsExporting' } };
/** The leads table on a 320 px wide phone (it scrolls sideways). */
export const LeadsPhone: Story = {
  args: { scenario: 'leadsLoaded', width: 320 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
