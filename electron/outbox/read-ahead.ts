// Read-ahead for replay: the server versions of several records read with one
// list request. Before an update goes out, its record's current version is
// read and compared field by field (replay-update.ts). Read one by one, a long
// day offline costs a GET per record on top of its write (2,000 records:
// 4,000 requests). When several records of one kind and listing wait to be
// replayed, one list request over their dates reads them all, and each
// record's replay takes its version from it once.
//
// What the comparison sees stays the truth it needs: a version read ahead is
// used only while it is younger than READ_AHEAD.maxAgeMs (older, the group is
// read again), only by the first step of that record after the read (a later
// step reads alone), only when this app wrote nothing to that record since the
// read began, and only from the session that read it. A record the list
// does not show (moved to other dates, deleted, out of the list's reach) is
// read alone, as before: absence from a list never counts as "gone".
import type { ApiClient } from '../api/client';
import { addDays } from '../../shared/dates';
import { KIND_SPECS, type Kind } from './kinds';
import type { StepDeps } from './outcome';
import type { ServerVersion } from './remote';
import type { Rec } from './types';

/** The one place the read-ahead's trade-offs are set. */
export const READ_AHEAD = {
  /** Records of one kind and listing waiting together before one list read replaces their GETs. */
  minRecords: 2,
  /** How long a version read ahead may stand in for a fresh read of the record. */
  maxAgeMs: 30_000,
};

interface Snapshot {
  client: ApiClient;
  at: number;
  /** Versions not taken yet, by record id. */
  versions: Map<number, ServerVersion>;
}

export class ReadAhead {
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly reading = new Map<string, Promise<Snapshot | null>>();
  /**
   * When this app last sent a write of a record, or heard how it ended (by
   * `kind:id`). A version read ahead from a read that began before then may
   * not show that write — the group is read while other records' steps run,
   * among them a write of this record still on its way — so it is never
   * compared with: a later step of the record (a change made meanwhile) would
   * see this app's own write as someone else's, a conflict with itself.
   */
  private readonly written = new Map<string, number>();

  /**
   * The version of this record read ahead for its replay (taken: a second call
   * answers undefined), or undefined when the record is to be read alone.
   */
  async take(d: StepDeps, kind: Kind, id: number, hint: Rec | null): Promise<ServerVersion | undefined> {
    const listing = hint?.['listing_id'];
    if (!KIND_SPECS[kind].update?.readMany || typeof listing !== 'number' || listing <= 0 || id <= 0) return undefined;
    const key = `${kind}@${listing}`;
    const client = d.client;
    let snap = this.snapshots.get(key);
    if (!snap || snap.client !== client || d.now() - snap.at > READ_AHEAD.maxAgeMs) {
      snap = (await this.read(d, client, kind, listing, key)) ?? undefined;
      if (!snap) return undefined;
    }
    const v = snap.versions.get(id);
    snap.versions.delete(id);
    const wrote = this.written.get(`${kind}:${id}`);
    if (wrote !== undefined && wrote >= snap.at) return undefined;
    return v;
  }

  /** This app's write of a record is leaving, or its answer (or failure) came: versions read before now are not used for it. */
  wrote(kind: Kind, id: number, at: number): void {
    this.written.set(`${kind}:${id}`, at);
    // Older than any version still usable: forgotten.
    if (this.written.size > 1000)
      for (const [k, t] of this.written) if (t < at - READ_AHEAD.maxAgeMs) this.written.delete(k);
  }

  /** One list read of the group's waiting records (shared by the records that ask meanwhile); null: not worth it. */
  private read(d: StepDeps, client: ApiClient, kind: Kind, listing: number, key: string): Promise<Snapshot | null> {
    const running = this.reading.get(key);
    if (running) return running;
    const p = this.readGroup(d, client, kind, listing).finally(() => this.reading.delete(key));
    this.reading.set(key, p);
    return p;
  }

  private async readGroup(d: StepDeps, client: ApiClient, kind: Kind, listing: number): Promise<Snapshot | null> {
    const spec = KIND_SPECS[kind];
    const many = spec.update!.readMany!;
    const table = spec.table.table;
    const key = spec.table.key;
    // The records of this kind and listing with an update waiting now (their cached day says where to look).
    const waiting = d.db.all<{ id: number; day: string | null }>(
      `SELECT t.${key} AS id, t.${many.day} AS day FROM ${table} t
       WHERE t.listing_id = ? AND t.${key} > 0 AND EXISTS (
         SELECT 1 FROM outbox o WHERE o.resource = ? AND o.record_id = t.${key} AND o.state <> 'confirmed'
           AND o.state IN ('pending', 'unknown') AND o.kind = 'update'
           AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?))`,
      [listing, kind, d.now()],
    );
    const days = waiting.map((w) => w.day?.slice(0, 10)).filter((x): x is string => !!x);
    if (waiting.length < READ_AHEAD.minRecords || !days.length) return null;
    days.sort();
    const at = d.now();
    // The list's end date may be exclusive: one day more costs nothing.
    const r = await client.list(many.endpoint, {
      priority: 'user',
      query: { listing_id: listing, start_date: days[0]!, end_date: addDays(days.at(-1)!, 1) },
    });
    const wanted = new Set(waiting.map((w) => w.id));
    const versions = new Map<number, ServerVersion>();
    for (const item of r.items) {
      const rec = item.value as Rec;
      const id = rec[key];
      if (typeof id === 'number' && wanted.has(id)) versions.set(id, { value: rec, raw: item.raw });
    }
    const snap: Snapshot = { client, at, versions };
    this.snapshots.set(`${kind}@${listing}`, snap);
    return snap;
  }

  /** Forgets every version read ahead (a drain ended: the next one reads afresh). */
  clear(): void {
    this.snapshots.clear();
  }
}
