// Reading the simulator's own mutation log as the team works (bench/team):
// every write an engine's token made applied to a field the team edits is
// counted against its slot (so "applied twice" is the server's word, not
// ours), and becomes something each OTHER engine must see — the server's
// value as that engine last received it (cache/overlay.ts serverText, not its own
// unsent edits) holding this value or a later one of the same field. How long
// that took, in clock time, is the freshness of the others' changes.
import { overlayRow, serverText } from '../../electron/cache/overlay';
import type { Engine } from '../../electron/engine';
import { KIND_SPECS } from '../../electron/outbox/kinds';
import { sameValue } from '../../electron/outbox/kinds/fields';
import { normalise } from '../../electron/outbox/view';
import type { Mutation } from '../../simulator';
import { canonField, canonical, slotKey, type TeamKind } from './ledger';

const KIND_OF: Record<string, TeamKind> = {
  'cleanings.update': 'cleaning',
  'maintenance.update': 'maintenance',
  'bookings.update': 'bookings',
};

interface Applied {
  at: number;
  value: unknown;
}

interface Watch {
  engine: number;
  kind: TeamKind;
  id: number;
  field: string;
  /** Index of the change in its slot's history: seen when the engine holds it or a later one. */
  index: number;
  at: number;
}

/** The server's version of a record as an engine last received it (null: not cached). */
export function receivedBy(engine: Engine, kind: TeamKind, id: number): Record<string, unknown> | null {
  const row = overlayRow(engine.db, KIND_SPECS[kind].table, id);
  const json = row && serverText(row);
  return typeof json === 'string' && json ? normalise(kind, JSON.parse(json) as unknown) : null;
}

export class Sightings {
  /** Applied writes of each slot by the engines, in order. */
  readonly history = new Map<string, Applied[]>();
  /** Minutes from a change applied to another engine holding it, one per (change, other engine). */
  readonly delays: number[] = [];
  private watches: Watch[] = [];
  private since = 0;

  constructor(
    private readonly engines: readonly Engine[],
    /** The engine whose token it is (−1: not an engine's). */
    private readonly engineOf: (token: string | null) => number,
  ) {}

  /** Takes the writes applied since the last call from the simulator's mutation log. */
  take(mutations: readonly Mutation[]): void {
    for (const m of mutations) {
      if (m.seq <= this.since) continue;
      this.since = m.seq;
      const kind = KIND_OF[m.endpoint];
      const by = this.engineOf(m.token);
      if (!kind || by < 0 || m.result !== 'applied' || m.id === null) continue;
      for (const [field, value] of Object.entries(m.body as Record<string, unknown>)) {
        const key = slotKey(kind, m.id, field);
        const h = this.history.get(key) ?? [];
        this.history.set(key, h);
        h.push({ at: m.at, value: canonical(kind, field, value) });
        for (let e = 0; e < this.engines.length; e++)
          if (e !== by) this.watches.push({ engine: e, kind, id: m.id, field, index: h.length - 1, at: m.at });
      }
    }
  }

  /** Checks every change not yet seen; those an engine now holds are timed at `now`. */
  look(now: number): void {
    this.watches = this.watches.filter((w) => {
      const rec = receivedBy(this.engines[w.engine]!, w.kind, w.id);
      const held = rec ? canonField(w.kind, w.field, rec) : undefined;
      const later = this.history.get(slotKey(w.kind, w.id, w.field))!.slice(w.index);
      if (!later.some((a) => sameValue(a.value, held))) return true;
      this.delays.push((now - w.at) / 60_000);
      return false;
    });
  }

  /** Changes some engine had not seen by the end: timed at the end (so they weigh on the p95), and counted. */
  unseenAtEnd(now: number): number {
    const n = this.watches.length;
    for (const w of this.watches) this.delays.push((now - w.at) / 60_000);
    this.watches = [];
    return n;
  }

  /** Writes of a slot's field the server applied from the engines. */
  writes(key: string): number {
    return this.history.get(key)?.length ?? 0;
  }
}
