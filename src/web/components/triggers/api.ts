import type { TriggerLoadOutput, TriggerSave } from '../../../../machines/trigger.machine';
import type { ApiClient } from '../../../api/client';
import type { BookTrigger, IntegrationKind, Lead, TriggerConfig } from '../../../contracts/triggers';

/**
 * Trigger calls (DESIGN §8): `{api}/account/book/trigger/…?book={id}` and
 * `{api}/account/integration/trigger/…` (+ `lead/`, `lead/export`). The trigger tab reports failures
 * inline (its machine restores the list), so its calls raise no alerts; the account pages' calls do.
 */
export const BOOK_TRIGGERS_URL = 'account/book/trigger/';
export const INTEGRATIONS_URL = 'account/integration/trigger/';

export interface LeadPage {
  list: Lead[];
  total: number;
  start: number;
}

export function triggersApi(api: ApiClient) {
  const quiet = { ignoreAlerts: true } as const;
  return {
    async load(bookId: string, signal?: AbortSignal): Promise<TriggerLoadOutput> {
      const opts = { ...quiet, ...(signal ? { signal } : {}) };
      const [triggers, integrations] = await Promise.all([
        api.call<BookTrigger[]>(BOOK_TRIGGERS_URL, { method: 'GET', searchParams: { book: bookId }, ...opts }),
        api.call<TriggerConfig[]>(INTEGRATIONS_URL, { method: 'GET', ...opts }),
      ]);
      return { triggers, integrations };
    },
    save(save: TriggerSave): Promise<BookTrigger> {
      if (save.kind === 'create') {
        const { book, type, config, is_mandatory, repeating_mode } = save;
        return api.call<BookTrigger>(`${BOOK_TRIGGERS_URL}create`, {
          method: 'POST',
          json: { book, type, config, is_mandatory, repeating_mode },
          ...quiet,
        });
      }
      const { id, is_mandatory, repeating_mode } = save;
      return api.call<BookTrigger>(`${BOOK_TRIGGERS_URL}update`, { method: 'PATCH', json: { id, is_mandatory, repeating_mode }, ...quiet });
    },
    async remove(id: string): Promise<void> {
      await api.call(`${BOOK_TRIGGERS_URL}delete`, { method: 'POST', json: { id }, ...quiet });
    },
    integrations: () => api.call<TriggerConfig[]>(INTEGRATIONS_URL, { method: 'GET' }),
    createIntegration: (input: { kind: IntegrationKind; name: string; url?: string }) =>
      api.call<TriggerConfig>(`${INTEGRATIONS_URL}create`, { method: 'POST', json: input }),
    updateIntegration: (input: { id: string; name?: string; url?: string; is_enabled?: boolean; rotate_secret?: boolean }) =>
      api.call<TriggerConfig>(`${INTEGRATIONS_URL}update`, { method: 'PATCH', json: input }),
    removeIntegration: (id: string) => api.call(`${INTEGRATIONS_URL}delete`, { method: 'POST', json: { id } }),
    leads: (start: number, step: number) =>
      api.call<LeadPage>(`${INTEGRATIONS_URL}lead/`, { method: 'GET', searchParams: { start, step } }),
    /** The CSV export as text (the bearer token rides on the client, so a plain link would not do). */
    async exportCsv(apiBase: string): Promise<string> {
      const ky = await api.ky();
      const res = await ky.get(`${INTEGRATIONS_URL}lead/export`, { prefix: apiBase });
      if (!res.ok) throw new Error(`export failed: HTTP ${res.status}`);
      return res.text();
    },
  };
}
export type TriggersApi = ReturnType<typeof triggersApi>;
