// Card data and passwords are never stored: any key named like a card field
// or a password is dropped, at any depth, before a record reaches SQLite.
// SECRET_KEYS is THE scrub list: every cache table applies it by default
// (tables.ts; a table opts out by name in SCRUB_OPT_OUT, with its reason), as
// do the prices, availability and quarantine rows (write.ts, write-compound.ts).
// Migration 014 cleaned caches written before every table was scrubbed; a key
// added here needs a migration of its own for the same reason.
import { CARD_FIELDS } from '../../shared/api';

export const SECRET_KEYS: ReadonlySet<string> = new Set<string>([
  ...CARD_FIELDS,
  'password',
  'passwd',
  'card_holder',
  'cvv',
  'cvc',
]);

/** True when the value contains a secret key somewhere (cheap pre-check before copying). */
function hasSecret(v: unknown, depth: number): boolean {
  if (depth > 8 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => hasSecret(x, depth + 1));
  for (const [k, x] of Object.entries(v)) {
    if (SECRET_KEYS.has(k) || hasSecret(x, depth + 1)) return true;
  }
  return false;
}

function strip(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(strip);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!SECRET_KEYS.has(k)) out[k] = strip(x);
  return out;
}

/** The value without card fields or passwords (the same object when it has none). */
export function scrubSecrets<T>(v: T): T {
  return hasSecret(v, 0) ? (strip(v) as T) : v;
}

/** Cheap pre-check on JSON text about to be stored: could it hold a card field or a password? */
const SECRET_TEXT = new RegExp(`"(?:${[...SECRET_KEYS].join('|')})"\\s*:`);
export function mayHoldSecret(json: string): boolean {
  return SECRET_TEXT.test(json);
}

/** JSON text of a server's value with no secret in it (the text check keeps the common case free). */
export function scrubbedJson(v: unknown): string {
  const text = JSON.stringify(v) ?? 'null';
  return mayHoldSecret(text) ? (JSON.stringify(scrubSecrets(v)) ?? 'null') : text;
}
