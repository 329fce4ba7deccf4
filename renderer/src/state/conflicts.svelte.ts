// The changes in conflict, for the record they belong to: one read of the
// outbox's conflicting entries (again whenever the outbox moves), looked up
// by a record's mark, so the booking page and the task panels show the
// conflict where the record lives — what it was, mine, theirs — while the
// Sync page keeps the list of all of them. Resolving goes through the one
// command (`outbox.resolve`), wherever it is asked.
import type { OutboxEntry, OutboxMark, StayboardBridge } from '../../../shared/contract';
import { call } from './call';

/** What the person chose for a field in conflict: mine, theirs, or a value of their own (write form). */
export type FieldChoice = { side: 'mine' } | { side: 'theirs' } | { side: 'own'; value: unknown };
/** A conflict resolved: a choice per field, or mine / theirs for all. */
export type Resolution = Record<string, FieldChoice> | 'mine' | 'theirs';

/** The `outbox.resolve` input of a set of choices (every field of the conflict chosen). */
export function resolveInput(
  entry: Pick<OutboxEntry, 'id' | 'conflicts'>,
  choices: Readonly<Record<string, FieldChoice>>,
): {
  id: number;
  choice: 'mine' | 'theirs';
  fields: Record<string, 'mine' | 'theirs'>;
  values?: Record<string, unknown>;
} {
  const fields: Record<string, 'mine' | 'theirs'> = {};
  const values: Record<string, unknown> = {};
  for (const c of entry.conflicts) {
    const chosen = choices[c.field] ?? { side: 'mine' };
    if (chosen.side === 'own') values[c.field] = chosen.value;
    else fields[c.field] = chosen.side;
  }
  return { id: entry.id, choice: 'mine', fields, ...(Object.keys(values).length ? { values } : {}) };
}

/**
 * A value typed over a conflict, in the write form of the values it replaces: a number where
 * mine and theirs are numbers (a decimal comma taken), text otherwise, empty as null.
 */
export function typedValue(text: string, like: readonly unknown[]): unknown {
  const t = text.trim();
  if (t === '') return null;
  if (like.some((v) => typeof v === 'number')) {
    const n = Number(t.replace(',', '.'));
    return Number.isFinite(n) ? n : t;
  }
  return text;
}

export class ConflictingChanges {
  entries = $state.raw<OutboxEntry[]>([]);

  constructor(private readonly bridge: StayboardBridge) {}

  /** Reads now, again whenever the outbox moves, and for each account signed in. */
  start(): () => void {
    void this.load();
    const offs = [
      this.bridge.on('outbox.changed', (p) => {
        if (p.summary.conflict > 0 || this.entries.length) void this.load();
      }),
      this.bridge.on('session.changed', () => void this.load()),
    ];
    return () => offs.forEach((off) => off());
  }

  async load(): Promise<void> {
    const r = await call(this.bridge, 'outbox.list', { states: ['conflict'], limit: 500 });
    this.entries = r.ok ? r.value : [];
  }

  /** The conflict of the record carrying `mark` (the entry holding its fields), if it is in conflict. */
  of(mark: OutboxMark | null | undefined): OutboxEntry | null {
    if (!mark || mark.state !== 'conflict') return null;
    return this.entries.find((e) => mark.entryIds.includes(e.id) && e.conflicts.length > 0) ?? null;
  }
}
