// An edit's input admitted ONCE, at the main side's door, and the type that
// proves it: the outbox takes an `AdmittedEdit` and never parses it again.
// Admitting is three checks in this order: every value must be one that
// travels and reads back (../api/wire-values.ts), judged on the input AS GIVEN
// (a key the schema would silently drop, `__proto__`, is refused, not
// removed); the edit's schema parses it; and what the schema made of it must
// travel too. Only the two functions here make an `AdmittedEdit`: the
// dispatcher's `admitParsedEdit` (it has already parsed with the same schema)
// and `admitEdit` for every other caller (the outbox's own `enqueue`, amends,
// tests).
import type { z } from 'zod';
import { parseWith, type FieldErrors } from '../api/validation';
import { wireRefusal } from '../api/wire-values';
import { editCommands, type EditName } from './commands/edits';

declare const admitted: unique symbol;

/** An edit's input as its schema made it, with nothing in it that cannot travel. */
export type AdmittedEdit<N extends EditName = EditName> = z.output<(typeof editCommands)[N]['input']> & {
  readonly [admitted]: N;
};

/** The admitted input, or why it is refused (a sentence and its fields). */
export type Admission<N extends EditName> =
  { ok: true; value: AdmittedEdit<N> } | { ok: false; message: string; fields: FieldErrors };

function refused(r: { message: string; fields: FieldErrors }): { ok: false; message: string; fields: FieldErrors } {
  return { ok: false, message: r.message, fields: r.fields };
}

/** For the one caller that has parsed `raw` with the edit's schema already (the dispatcher): the two travel checks. */
export function admitParsedEdit<N extends EditName>(
  _name: N,
  raw: unknown,
  parsed: z.output<(typeof editCommands)[N]['input']>,
): Admission<N> {
  const refusal = wireRefusal(raw) ?? wireRefusal(parsed);
  return refusal ? refused(refusal) : { ok: true, value: parsed as AdmittedEdit<N> };
}

/** For every other caller: the travel check on the input as given, the schema, the travel check on its result. */
export function admitEdit<N extends EditName>(name: N, raw: unknown): Admission<N> {
  const early = wireRefusal(raw);
  if (early) return refused(early);
  const parsed = parseWith(editCommands[name].input, raw);
  if (!parsed.ok) return { ok: false, message: parsed.message, fields: parsed.errors };
  const late = wireRefusal(parsed.value);
  return late ? refused(late) : { ok: true, value: parsed.value as AdmittedEdit<N> };
}
