// What the team's edits must come to, kept beside the run (bench/team): per
// edited field of a record (a "slot") the value the server must hold and how
// many writes of it the server must have applied, and per edit whether a
// conflict is right. The rule is the fault suite's oracle
// (electron/outbox/testing/oracle.ts): an edit is in conflict exactly when the
// server holds a value that is neither what the person saw nor what they set
// — someone else changed that field to another value. The fields the team
// edits are ones the simulator's churn never changes, so that someone is
// always another engine, and a slot takes a new edit only once every earlier
// edit of its record is settled, so the server's value is known when it is made.
import { KIND_SPECS } from '../../electron/outbox/kinds';
import { canonIn, canonOf, sameValue } from '../../electron/outbox/kinds/fields';
import type { Rec } from '../../electron/outbox/types';

export type TeamKind = 'cleaning' | 'maintenance' | 'bookings';

export interface Slot {
  kind: TeamKind;
  id: number;
  field: string;
  /** The value the server must hold now (canonical). */
  server: unknown;
  /** Every value the slot has held or been set to (new values are drawn outside it). */
  values: unknown[];
  /** Writes of this field the server must have applied. */
  writes: number;
}

/** One field of one engine's edit. */
export interface FieldEdit {
  slot: Slot;
  /** What the engine showed before the edit, and what the person set (canonical). */
  seen: unknown;
  mine: unknown;
  conflict: boolean;
}

export interface OpenEdit {
  engine: number;
  entryId: number;
  kind: TeamKind;
  id: number;
  fields: FieldEdit[];
}

export const slotKey = (kind: string, id: number, field: string): string => `${kind}:${id}:${field}`;
export const recordKey = (kind: string, id: number): string => `${kind}:${id}`;
export const canonical = (kind: TeamKind, field: string, value: unknown): unknown =>
  canonOf(KIND_SPECS[kind].fields, field, value);
export const canonField = (kind: TeamKind, field: string, rec: Rec): unknown =>
  canonIn(KIND_SPECS[kind].fields, field, rec);

export class Ledger {
  readonly slots = new Map<string, Slot>();
  /** Edits not settled yet, by `engine:entryId`. */
  readonly open = new Map<string, OpenEdit>();
  edits = 0;
  expectedConflicts = 0;
  shownConflicts = 0;
  readonly problems: string[] = [];

  /** The slot of a field, made on its first edit with the value the server then has (as the editing engine last received it). */
  slot(kind: TeamKind, id: number, field: string, serverNow: unknown): Slot {
    const key = slotKey(kind, id, field);
    let s = this.slots.get(key);
    if (!s) {
      s = { kind, id, field, server: serverNow, values: [serverNow], writes: 0 };
      this.slots.set(key, s);
    }
    return s;
  }

  /** Whether a record has an edit not settled yet (it takes no new one until then). */
  busy(kind: TeamKind, id: number): boolean {
    for (const e of this.open.values()) if (e.kind === kind && e.id === id) return true;
    return false;
  }

  /**
   * An edit as it is queued: per field, the server's value decides what must
   * happen — mine already there (nothing sent), the value I saw (mine is sent),
   * anything else (a conflict the person will be shown).
   */
  made(engine: number, entryId: number, kind: TeamKind, id: number, fields: Omit<FieldEdit, 'conflict'>[]): void {
    const out: FieldEdit[] = [];
    for (const f of fields) {
      const s = f.slot;
      s.values.push(f.mine);
      let conflict = false;
      if (sameValue(s.server, f.mine)) {
        // Already there: nothing to send.
      } else if (sameValue(s.server, f.seen)) {
        s.server = f.mine;
        s.writes++;
      } else {
        conflict = true;
        this.expectedConflicts++;
      }
      out.push({ ...f, conflict });
    }
    this.edits++;
    this.open.set(`${engine}:${entryId}`, { engine, entryId, kind, id, fields: out });
  }

  /** A conflict the engine shows on these fields, resolved with `choice`. */
  conflictShown(engine: number, entryId: number, fields: readonly string[], choice: 'mine' | 'theirs'): void {
    const e = this.open.get(`${engine}:${entryId}`);
    for (const field of fields) {
      this.shownConflicts++;
      const f = e?.fields.find((x) => x.slot.field === field);
      if (!f || !f.conflict) {
        this.problems.push(`engine ${engine}: a conflict on ${e?.kind ?? '?'} ${e?.id ?? '?'}.${field} without cause`);
        continue;
      }
      f.conflict = false; // shown: the person decided
      if (choice === 'mine') {
        f.slot.server = f.mine;
        f.slot.writes++;
      }
    }
  }

  /** The engine's edit left its outbox (confirmed or settled); a conflict it should have shown and did not is a problem. */
  settled(key: string): void {
    const e = this.open.get(key);
    if (!e) return;
    this.open.delete(key);
    for (const f of e.fields)
      if (f.conflict)
        this.problems.push(
          `engine ${e.engine}: ${e.kind} ${e.id}.${f.slot.field} settled without the conflict it should have shown`,
        );
  }
}
