// What every value must be to leave this computer in a write: something the
// server takes as it is and that comes back READABLE by our own read schemas,
// whatever field it is in (the write schemas say which values each field
// takes; this is the floor under all of them, applied to every edit at the
// outbox's door). A number must survive the server echoing it as text (the
// read side reads "12.5" but never "1e+308"), a text must be well-formed
// Unicode without NUL, and no key may be one JavaScript treats as the
// prototype (`{"__proto__": …}` is silently dropped by a schema, turning a
// destination's name into {} — which the server stores as "").
import { F, Bad } from './primitives';
import { summarize, type FieldErrors } from './validation';

/** Keys a JSON object may carry that JavaScript objects treat specially. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A lone surrogate half, or NUL: text a server may store mangled or cut. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;
const MAX_DEPTH = 8;

/** Why one number cannot travel, or null when it can: finite, within the safe integers, read back equal from its text. */
export function wireNumberProblem(n: number): string | null {
  if (!Number.isFinite(n)) return 'must be a number';
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER) return 'is too large';
  const back = F.num(String(n));
  return back instanceof Bad || back !== n ? 'cannot be sent exactly (too small or too precise)' : null;
}

/**
 * Every problem of a value about to be written, by field path ({} when none):
 * numbers the read side could not read back, malformed text, prototype keys,
 * nesting deeper than any record has.
 */
export function wireProblems(value: unknown): FieldErrors {
  const out: FieldErrors = {};
  const add = (path: string, message: string): void => void (out[path || '_'] ??= []).push(message);
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'number') {
      const p = wireNumberProblem(v);
      if (p) add(path, p);
    } else if (typeof v === 'string') {
      if (BAD_TEXT.test(v)) add(path, 'contains characters that cannot be sent');
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_DEPTH) return add(path, 'is nested too deeply');
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i), depth + 1));
      else
        for (const k of Object.keys(v)) {
          const at = path ? `${path}.${k}` : k;
          if (PROTOTYPE_KEYS.has(k)) add(at, 'is not a field name');
          else walk((v as Record<string, unknown>)[k], at, depth + 1);
        }
    }
  };
  walk(value, '', 0);
  return out;
}

/** The refusal of a value that cannot travel (a sentence and its fields), or null when it can. */
export function wireRefusal(value: unknown): { message: string; fields: FieldErrors } | null {
  const fields = wireProblems(value);
  return Object.keys(fields).length ? { message: summarize(fields), fields } : null;
}
