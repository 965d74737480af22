import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId, useMemo } from 'react';
import type { UsageContextActorRef } from '../../../../machines/usage-context.machine';
import { USAGE_CONTEXTS, type UsageContext } from '../../../contracts/accounts';
import { fieldError } from '../../i18n/field-error';
import { Select } from '../ui';
import { COMPANY_ACTIVITY_SECTORS, COMPANY_SIZES, JOB_TITLES, orderedOptions, sortedOptions } from './context-options';
import { ContextIcon } from './icons';
import { COMPANY_SIZE_LABELS, CONTEXT_LABELS, JOB_TITLE_LABELS, SECTOR_LABELS } from './messages';

/** The three selects a professional fills (same names in the activation and usage-context machines). */
export type ProFieldName = 'company_activity_sector' | 'job_title' | 'company_size';

export interface UsageContextFieldsProps {
  /** The chosen context; null until chosen. */
  choice: UsageContext | null;
  /** The pro selects' values. */
  fields: Record<ProFieldName, string>;
  /** Per select, the message id of its problem (the view marks the select). */
  invalid: Partial<Record<ProFieldName, string>>;
  /** While a call runs. */
  disabled?: boolean;
  /** The group's visible question. */
  legend: ReactNode;
  onChoose: (context: UsageContext) => void;
  onField: (field: ProFieldName, value: string) => void;
}

/**
 * Usage context (SPEC §2): individual, student or professional as three large choice cards (a native
 * radio group: arrows move between them); professional shows the company sector, job title (both
 * sorted ignoring accents, "other" last) and company size. Shared by activation and the full modal.
 */
export function UsageContextFields({ choice, fields, invalid, disabled, legend, onChoose, onField }: UsageContextFieldsProps) {
  const { i18n, t } = useLingui();
  const name = useId();
  const locale = i18n.locale;
  const options = useMemo(
    () => ({
      company_activity_sector: sortedOptions(COMPANY_ACTIVITY_SECTORS, (v) => i18n._(SECTOR_LABELS[v]), locale),
      job_title: sortedOptions(JOB_TITLES, (v) => i18n._(JOB_TITLE_LABELS[v]), locale),
      company_size: orderedOptions(COMPANY_SIZES, (v) => i18n._(COMPANY_SIZE_LABELS[v])),
    }),
    [i18n, locale],
  );
  const labels: Record<ProFieldName, string> = {
    company_activity_sector: t({ id: 'account.context.field.sector', message: 'Sector of activity' }),
    job_title: t({ id: 'account.context.field.jobTitle', message: 'Job title' }),
    company_size: t({ id: 'account.context.field.companySize', message: 'Company size' }),
  };
  const placeholder = t({ id: 'account.context.field.placeholder', message: 'Choose…' });
  const select = (field: ProFieldName) => (
    <Select
      key={field}
      label={labels[field]}
      name={field}
      options={options[field]}
      placeholder={placeholder}
      value={fields[field]}
      disabled={disabled}
      required
      error={invalid[field] ? fieldError(i18n, 'validation.required', labels[field]) : undefined}
      onChange={(e) => onField(field, e.currentTarget.value)}
    />
  );
  return (
    <div className="usage-context">
      <fieldset className="choice-cards" disabled={disabled}>
        <legend className="choice-cards__legend">{legend}</legend>
        <div className="choice-cards__list">
          {USAGE_CONTEXTS.map((context) => (
            <label key={context} className="choice-card" data-context={context}>
              <input
                type="radio"
                className="choice-card__input"
                name={name}
                value={context}
                checked={choice === context}
                aria-labelledby={`${name}-${context}-title`}
                aria-describedby={`${name}-${context}-text`}
                onChange={() => onChoose(context)}
              />
              <ContextIcon context={context} />
              <span className="choice-card__body">
                <span className="choice-card__title" id={`${name}-${context}-title`}>
                  {i18n._(CONTEXT_LABELS[context].title)}
                </span>
                <span className="choice-card__text" id={`${name}-${context}-text`}>
                  {i18n._(CONTEXT_LABELS[context].text)}
                </span>
              </span>
              <span className="choice-card__check" aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'pro' && (
        <fieldset className="pro-fields" disabled={disabled}>
          <legend className="pro-fields__legend">{t({ id: 'account.context.pro.legend', message: 'About your organisation' })}</legend>
          <div className="pro-fields__grid">
            {select('company_activity_sector')}
            {select('job_title')}
            {select('company_size')}
          </div>
        </fieldset>
      )}
    </div>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * What a view of the usage-context machine reads and sends (the full-screen modal and the account
 * page's section): its state, the fields' props with the empty selects marked, and the submit.
 */
export function useUsageContextForm(actor: UsageContextActorRef) {
  const { t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const choice = useSelector(actor, (s) => s.context.choice);
  const fields = useSelector(actor, (s) => s.context.fields);
  const emptyFields = useSelector(actor, (s) => s.context.emptyFields, sameList);
  const error = useSelector(actor, (s) => s.context.error);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const busy = state === 'submitting' || state === 'refreshingUser';
  const invalid: Partial<Record<ProFieldName, string>> = Object.fromEntries(emptyFields.map((f) => [f, error ?? 'validation.required']));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const fieldsProps: UsageContextFieldsProps = {
    legend: t({ id: 'account.activate.question', message: 'How will you use Quire?' }),
    choice,
    fields,
    invalid,
    disabled: busy,
    onChoose: (context) => actor.send({ type: 'user.choose', context }),
    onField: (field, value) => actor.send({ type: 'user.setField', field, value }),
  };
  return { state, error, canSubmit, busy, onSubmit, fieldsProps };
}
