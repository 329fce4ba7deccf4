// What each read-side field reader produces, as a plain zod schema (no
// transforms): the normalised shape a record has after `record()` read it.
// Every reader is registered with its output schema where it is made
// (primitives.ts, the combinators, the custom readers of each resource), so the
// contract's record shapes (shared/contract/records.ts) are derived from the
// read schemas' own field tables and cannot drift from them.
import { z } from 'zod';
import type { Bad } from './primitives';

/** Any field reader (primitives.ts `Field<T>`). */
type Reader = (v: unknown) => unknown;
/** What a reader produces when it can read the value. */
export type Produced<R extends Reader> = Exclude<ReturnType<R>, Bad>;

const OUTPUT = new WeakMap<Reader, z.ZodType>();

/** Registers what `read` produces (its Bad aside) and returns `read` unchanged. */
export function produces<R extends Reader>(read: R, output: z.ZodType<Produced<R>>): R {
  OUTPUT.set(read, output);
  return read;
}

/** The output schema registered for a reader; a reader without one is a programming error. */
export function outputOf<R extends Reader>(read: R): z.ZodType<Produced<R>> {
  const out = OUTPUT.get(read);
  if (!out) throw new Error(`a field reader has no output schema (register it with produces()): ${read.name}`);
  return out as z.ZodType<Produced<R>>;
}

/** Nullable on the wire; a missing value becomes null so outputs are always complete JSON. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

/** YYYY-MM-DD on output (already normalised by the read schemas). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
