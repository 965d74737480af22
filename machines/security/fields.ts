import * as v from 'valibot';

/**
 * The first message id of each field a valibot schema refuses (the same contracts the server checks),
 * for the security forms: `{ field: 'validation.required' }`; empty when the input is valid.
 */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export const hasErrors = (errors: Record<string, string>): boolean => Object.keys(errors).length > 0;

/** The server's refusal of one field, as the forms show it under that field: `{ field, id }` or null. */
export function refusedField(error: unknown, fields: readonly string[]): { field: string; id: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { type?: unknown; code?: unknown; content?: { fields?: unknown; message?: unknown } };
  const named = Array.isArray(e.content?.fields) ? (e.content.fields as unknown[]).find((f) => fields.includes(String(f))) : undefined;
  if (named === undefined || typeof e.type !== 'string') return null;
  const message =
    typeof e.content?.message === 'string' && e.type === 'VALIDATION' ? e.content.message : `errors.${e.type}.${String(e.code)}`;
  return { field: String(named), id: message };
}

/** The errors without one field's (it was edited). */
export function withoutField<T extends Record<string, string | undefined>>(errors: T, field: string): T {
  const { [field]: _dropped, ...rest } = errors;
  return rest as T;
}
