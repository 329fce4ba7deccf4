// An edit form over a record: each field kept as the text the person types
// (or a boolean for flags), compared with the record's value to know what
// changed, parsed back into the API's form on save, and checked with messages
// in the UI language. When the record changes underneath (sync, another
// edit), fields the person has not touched follow it; touched ones stay.
import type { z } from 'zod';
import type { MessageKey } from '../i18n/i18n.svelte';
import {
  formatDateInput,
  parseCount,
  parseDateInput,
  parseDecimalInput,
  parseDurationInput,
  parseMoneyInput,
  parseTimeInput,
  type Parsed,
} from './fields';
import { schemaError } from './schema-errors';

export type FieldKind =
  | 'text'
  | 'textOrNull'
  | 'date'
  | 'dateOrNull'
  | 'time'
  | 'timeOrEmpty'
  | 'duration'
  | 'durationOrEmpty'
  | 'money'
  /** A decimal number, not rounded; empty → null (coordinates, a tax rate). */
  | 'number'
  /** A whole number, negative allowed; empty → null. */
  | 'int'
  | 'count'
  | 'flag01'
  | 'id'
  | 'sex'
  // Optional values that are null when left empty (listing times, money, counts).
  | 'timeOrNull'
  | 'moneyOrNull'
  | 'countOrNull'
  /** One of a fixed list of words (the options the form draws); empty means none chosen. */
  | 'choice';

export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  /** The field's shared write schema (shared/api): its limits are checked on the parsed value. */
  schema?: z.ZodType;
}
export type Specs = Record<string, FieldSpec>;

/** How a form draws and reads a field; its limits come from the write schema (writeSpecs). */
export type LocalSpec = Omit<FieldSpec, 'schema'>;

/**
 * A form's specs with every field checked by the shared write schema (shared/api)
 * the main side validates the same value with: a field named as in the schema
 * takes that field's schema; a field the form edits apart (an incident's day
 * and time, joined into its date-time) or sends in another form names its own
 * write piece. The limits
 * (lengths, ranges, real dates) thus live once, in shared/api.
 */
export function writeSpecs<
  Shape extends Readonly<Record<string, z.ZodType>>,
  S extends { [K in keyof S]: K extends keyof Shape ? FieldSpec : LocalSpec & { schema: z.ZodType } },
>(shape: Shape, specs: S): { [K in keyof S]: FieldSpec & { schema: z.ZodType } } {
  const out: Record<string, FieldSpec & { schema: z.ZodType }> = {};
  for (const [key, spec] of Object.entries<FieldSpec>(specs)) {
    const schema = spec.schema ?? shape[key];
    if (!schema) throw new Error(`form field ${key} has no write schema`);
    out[key] = { ...spec, schema };
  }
  return out as { [K in keyof S]: FieldSpec & { schema: z.ZodType } };
}
export type FieldValue = string | boolean;
export type Values<S extends Specs> = { -readonly [K in keyof S]: FieldValue };
export type FieldErrors<S extends Specs> = Partial<Record<keyof S, { key: MessageKey; max?: number }>>;

const ERROR_OF: Partial<Record<FieldKind, MessageKey>> = {
  date: 'validation.date',
  dateOrNull: 'validation.date',
  time: 'validation.time',
  timeOrEmpty: 'validation.time',
  duration: 'validation.duration',
  durationOrEmpty: 'validation.duration',
  money: 'validation.number',
  count: 'validation.count',
  timeOrNull: 'validation.time',
  countOrNull: 'validation.count',
};

/** The text (or flag) a field shows for a record value. */
export function toFieldValue(kind: FieldKind, value: unknown, decimal: ',' | '.' = '.'): FieldValue {
  if (kind === 'flag01') return value === true || value === 1 || value === '1';
  if (value === null || value === undefined) return '';
  if (kind === 'date' || kind === 'dateOrNull') return typeof value === 'string' ? formatDateInput(value) : '';
  if ((kind === 'money' || kind === 'moneyOrNull' || kind === 'number') && typeof value === 'number')
    return String(value).replace('.', decimal);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

/** The API value for a field's text; `{ok:false}` when it cannot be read. Empty optional values map per kind. */
export function fromFieldValue(kind: FieldKind, v: FieldValue): Parsed<unknown> {
  if (kind === 'flag01') return ok(v === true ? 1 : 0);
  const text = typeof v === 'string' ? v : '';
  const empty = text.trim() === '';
  switch (kind) {
    case 'text':
      return ok(text);
    case 'textOrNull':
      return ok(empty ? null : text);
    case 'date':
      return parseDateInput(text);
    case 'dateOrNull':
      return empty ? ok(null) : parseDateInput(text);
    case 'time':
      return parseTimeInput(text);
    case 'timeOrEmpty':
      return empty ? ok('') : parseTimeInput(text);
    case 'duration':
      return parseDurationInput(text);
    case 'durationOrEmpty':
      return empty ? ok('') : parseDurationInput(text);
    case 'money':
      return parseMoneyInput(text);
    case 'number':
      return empty ? ok(null) : parseDecimalInput(text);
    case 'int':
      return empty ? ok(null) : /^-?\d{1,9}$/.test(text.trim()) ? ok(Number(text.trim())) : { ok: false };
    case 'count':
      return parseCount(text);
    case 'id':
      // Negative: a record created offline (its local id) until the server has it.
      return empty ? ok(null) : /^-?\d+$/.test(text) ? ok(Number(text)) : { ok: false };
    case 'sex':
      return text === 'M' || text === 'F' ? ok(text) : ok(null);
    case 'timeOrNull':
      return empty ? ok(null) : parseTimeInput(text);
    case 'moneyOrNull':
      return empty ? ok(null) : parseMoneyInput(text);
    case 'countOrNull':
      return empty ? ok(null) : parseCount(text);
    case 'choice':
      return ok(empty ? null : text);
  }
}

export type Validated =
  | {
      ok: true;
      /** The changed fields (every field for creates), in API form. */
      changes: Record<string, unknown>;
      /** Every field that could be read, changed or not. */
      parsed: Record<string, unknown>;
    }
  | { ok: false };

export class EditForm<S extends Specs> {
  values: Values<S>;
  errors = $state<FieldErrors<S>>({});
  #base = $state.raw<Values<S>>({} as Values<S>);
  /**
   * Fields put in by `fill` (my refused values): they count as changed even
   * when the record shows the same value (it may still show my refused change
   * until its next read) and a re-read never replaces them — so "Edit and send
   * again" always sends them, until the save or a revert.
   */
  #filled = $state.raw<readonly (keyof S)[]>([]);
  /** Fields the person has left since the form was last saved or reverted (see `leave`). */
  #left: (keyof S & string)[] = [];

  constructor(
    readonly specs: S,
    record: Partial<Record<keyof S, unknown>>,
    private readonly decimal: ',' | '.' = '.',
  ) {
    const values = this.#read(record);
    this.values = $state(values);
    this.#base = { ...values };
  }

  #read(record: Partial<Record<keyof S, unknown>>): Values<S> {
    const out = {} as Values<S>;
    for (const key of Object.keys(this.specs) as (keyof S)[])
      out[key] = toFieldValue(this.specs[key]!.kind, record[key], this.decimal);
    return out;
  }

  /** Fields whose value differs from the record's. */
  get dirty(): (keyof S)[] {
    return (Object.keys(this.specs) as (keyof S)[]).filter(
      (k) => this.values[k] !== this.#base[k] || this.#filled.includes(k),
    );
  }

  get isDirty(): boolean {
    return this.dirty.length > 0;
  }

  /** The record changed: untouched fields follow it, touched ones keep what the person typed. */
  rebase(record: Partial<Record<keyof S, unknown>>): void {
    const next = this.#read(record);
    for (const key of Object.keys(this.specs) as (keyof S)[]) {
      if (this.values[key] === this.#base[key] && !this.#filled.includes(key)) this.values[key] = next[key];
    }
    this.#base = next;
  }

  /**
   * Puts a record's values in the form as if typed, the record staying the
   * base ("Edit and send again" opens the form with my refused values).
   * Answers the keys it does not edit.
   */
  fill(record: Record<string, unknown>, mine: readonly string[] = Object.keys(record)): string[] {
    const next = this.#read(record as Partial<Record<keyof S, unknown>>);
    for (const key of Object.keys(this.specs) as (keyof S)[]) if (key in record) this.values[key] = next[key];
    this.#filled = mine.filter((k): k is keyof S & string => k in this.specs);
    this.errors = {};
    return Object.keys(record).filter((k) => !(k in this.specs));
  }

  /**
   * The values were saved: they stop being the person's typing, so the form
   * follows the record from now on — whatever it shows next (my change, or
   * the server's value when the change is not accepted).
   */
  commit(): void {
    this.#base = { ...this.values };
    this.#filled = [];
    this.#left = [];
    this.errors = {};
  }

  /** Throws away the person's edits. */
  revert(): void {
    for (const key of Object.keys(this.specs) as (keyof S)[]) this.values[key] = this.#base[key];
    this.#filled = [];
    this.#left = [];
    this.errors = {};
  }

  /**
   * The form's checks across fields (capacity, dates in order, a document number against its
   * type, what a registration needs), set by its owner: Save runs them (`validate` without its
   * own `extra`) and so does leaving a field. They see every field that can be read.
   */
  rules: ((parsed: Record<string, unknown>) => FieldErrors<S>) | null = null;

  /** Every field that can be read, in API form. */
  #parsed(): Record<string, unknown> {
    const parsed: Record<string, unknown> = {};
    for (const key of Object.keys(this.specs) as (keyof S & string)[]) {
      const r = fromFieldValue(this.specs[key]!.kind, this.values[key]);
      if (r.ok) parsed[key] = r.value;
    }
    return parsed;
  }

  /** A field's own problem (required, unreadable, outside its write schema), or undefined. */
  #ownError(key: keyof S & string, parsed: Record<string, unknown>): FieldErrors<S>[keyof S] {
    const spec = this.specs[key]!;
    const value = this.values[key];
    if (spec.required && typeof value === 'string' && value.trim() === '') return { key: 'validation.required' };
    if (!(key in parsed)) return { key: ERROR_OF[spec.kind] ?? 'validation.number' };
    if (spec.schema && parsed[key] !== null) {
      // Checked as sent: the forms that trim text send it trimmed (a pasted e-mail's stray space is no error).
      const v = parsed[key];
      return schemaError(spec.schema, typeof v === 'string' ? v.trim() : v) ?? undefined;
    }
    return undefined;
  }

  /**
   * The person left a field: it is checked now, as Save would check it (its own problem first,
   * then the form's `rules`), and so are the fields left before and those already marked — a fix
   * clears its mark, a rule across fields (an end date before the start, a number against its
   * document type) follows. A field never typed in is not called required before Save.
   */
  leave(key: keyof S & string): void {
    if (!this.#left.includes(key)) this.#left.push(key);
    const parsed = this.#parsed();
    const across: FieldErrors<S> = this.rules?.(parsed) ?? {};
    const dirty = this.dirty;
    const next: FieldErrors<S> = { ...this.errors };
    const marked = Object.keys(this.errors) as (keyof S & string)[];
    for (const k of [...this.#left, ...marked.filter((m) => !this.#left.includes(m))]) {
      const typed = dirty.includes(k) || marked.includes(k);
      const e = (typed ? this.#ownError(k, parsed) : undefined) ?? across[k];
      if (e && (typed || e.key !== 'validation.required')) next[k] = e;
      else delete next[k];
    }
    this.errors = next;
  }

  /**
   * Checks the changed fields (every field with `all`, for creates: required,
   * readable, length) plus `extra` rules (default: the form's `rules`), and
   * answers them in API form. `extra` sees every field that can be read,
   * changed or not.
   */
  validate(extra?: ((parsed: Record<string, unknown>) => FieldErrors<S>) | null, all = false): Validated {
    extra ??= this.rules;
    const errors: FieldErrors<S> = {};
    const parsed = this.#parsed();
    const keys = (all ? Object.keys(this.specs) : this.dirty) as (keyof S & string)[];
    for (const key of keys) {
      const e = this.#ownError(key, parsed);
      if (e) errors[key] = e;
    }
    // A field's own problem (e.g. 31/02 is not a date) comes first: the extra rules see it as missing.
    for (const [key, e] of Object.entries(extra?.(parsed) ?? {}) as [keyof S, FieldErrors<S>[keyof S]][])
      errors[key] ??= e;
    this.errors = errors;
    if (Object.keys(errors).length) return { ok: false };
    const changes: Record<string, unknown> = {};
    for (const key of keys) changes[key] = parsed[key];
    return { ok: true, changes, parsed };
  }
}
