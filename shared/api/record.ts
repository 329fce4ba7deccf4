// `record(fields)`: a read schema for one API record, built from a table of
// field readers (primitives.ts). It is ONE zod transform per record — not one
// per field — because sync validates hundreds of thousands of records and zod
// pipes cost microseconds each. Unknown fields are kept (never a reason to
// reject); every unreadable field is reported with its path.
import { z } from 'zod';
import { outputOf, produces } from './output';
import { Bad, bad, coerce, show, type Field } from './primitives';

type Fields = Record<string, Field<unknown>>;
type Read<S extends Fields> = { -readonly [K in keyof S]: Exclude<ReturnType<S[K]>, Bad> };

/** The plain reader behind a record schema (usable as a field of another record). */
export function recordReader<S extends Fields>(fields: S): Field<Read<S>> {
  const keys = Object.keys(fields);
  const read: Field<Read<S>> = (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad(`expected an object, got ${show(v)}`);
    const input = v as Record<string, unknown>;
    // Spread first so unknown fields survive; known fields are then normalised in place.
    const out: Record<string, unknown> = { ...input };
    for (const k of keys) {
      const r = fields[k]!(input[k]);
      if (r instanceof Bad) return bad(r.message, [k, ...r.path]);
      out[k] = r;
    }
    return out as Read<S>;
  };
  // Generically the object's type is not provably Read<S>; records.test.ts checks each concrete one.
  return produces(read, recordOutput(fields) as unknown as z.ZodType<Exclude<Read<S>, Bad>>);
}

/**
 * The normalised record `fields` reads, as a plain zod object (no transforms;
 * unknown fields stripped): what the contract's output shapes are made from.
 */
export function recordOutput<S extends Fields>(fields: S) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, read]) => [k, outputOf(read)]));
  return z.object(shape as { [K in keyof S]: z.ZodType<Read<S>[K]> });
}

/**
 * A zod schema reading one record; `post` reshapes the normalised record (e.g.
 * split a field). `fields` is the table it reads, for `recordOutput`.
 */
export function record<S extends Fields, O = Read<S>>(fields: S, post?: (r: Read<S>) => O) {
  const read = recordReader(fields);
  const schema = coerce<O>(
    post
      ? (v) => {
          const r = read(v);
          return r instanceof Bad ? r : post(r);
        }
      : (read as Field<O>),
  );
  return Object.assign(schema, { fields });
}

/** The reader of a record schema built with `record` — for nesting records inside records. */
export const nested = recordReader;
