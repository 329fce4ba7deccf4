// Turning zod failures into what a person (and a 422 body) can read:
// `{field: [messages]}` plus one summary sentence.
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** Field path → messages, e.g. {"guest.date_birth": ["must be a real date written YYYY-MM-DD"]}. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys')
      message = `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    (out[key] ??= []).push(message);
  }
  return out;
}

/** One line: "date_birth: must be a real date written YYYY-MM-DD; sex: must be M or F". */
export function summarize(error: z.ZodError | FieldErrors): string {
  const fields = 'issues' in error ? fieldErrors(error as z.ZodError) : error;
  return Object.entries(fields)
    .map(([field, messages]) => (field === '_' ? messages.join(', ') : `${field}: ${messages.join(', ')}`))
    .join('; ');
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; message: string };

/** safeParse with readable errors. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const errors = fieldErrors(r.error);
  return { ok: false, errors, message: summarize(errors) };
}
