// Storing one fetched answer, ONE transaction per page: valid records
// upserted (unsent local edits kept), invalid ones quarantined with their
// error (the rest of the page is still stored), and — because a job asks for
// a complete scope and window — cached records the answer lacks are deleted.
// An answer that cannot say which records it holds — a record whose key cannot
// be read (a string that is no number, a negative id: see F.id) or two records
// under one key — deletes NOTHING: what it did hold is stored, then the job
// fails with IncompleteList, so the scope stays due and the Sync page and
// `lastError` say which list was refused and why. The fetchers (fetchers.ts)
// ask; this stores.
import { F } from '../../shared/api';
import type { ResourceName } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { ApiError, errorFromException } from '../api/errors';
import { abortReason, nextTask } from '../api/clock';
import type { Priority } from '../api/governor';
import type { ListResult, Rejected } from '../api/reads';
import type { SqlValue, WritableDB } from '../cache/db';
import { recordFetched } from '../cache/state';
import type { TableSpec } from '../cache/tables';
import {
  deleteMissing,
  quarantineRecords,
  releaseQuarantine,
  upsertRecords,
  type Incoming,
  type UpsertResult,
} from '../cache/write';
import { observed, type IngestObserver } from './ingest';
import { identify, type JobSpec } from './jobs';
import { timedWork } from '../log/long-tasks';

export interface FetchDeps {
  db: WritableDB;
  client: ApiClient;
  now: () => number;
  priority: Priority;
  signal?: AbortSignal;
  /** Sees what sync writes to each table (the notifier). */
  observe?: IngestObserver;
}

export interface JobResult {
  /** Rows written per table. */
  written: Record<string, number>;
  deleted: Record<string, number>;
  quarantined: number;
  /** Resources whose cached records changed (for cache.changed). */
  changed: Set<ResourceName>;
}

/** What a job wrote, counted as it is stored. */
export class Outcome implements JobResult {
  written: Record<string, number> = {};
  deleted: Record<string, number> = {};
  quarantined = 0;
  changed = new Set<ResourceName>();
  add(table: string, resource: ResourceName, r: { written: number } | number, deleted = 0): void {
    const n = typeof r === 'number' ? r : r.written;
    if (n) this.written[table] = (this.written[table] ?? 0) + n;
    if (deleted) this.deleted[table] = (this.deleted[table] ?? 0) + deleted;
    if (n || deleted || (typeof r !== 'number' && (r as UpsertResult).keptLocal)) this.changed.add(resource);
  }
}

/** The id of a record that failed validation, when it can be read as a server id (so it still counts as "seen"). */
function rawKey(raw: unknown, key: string): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const v = F.id((raw as Record<string, unknown>)[key]);
  return typeof v === 'number' ? String(v) : null;
}

/** Why a list answer cannot tell what is gone (the reason codes the Sync page words). */
export type IncompleteReason = 'unreadable_key' | 'duplicate_key';

/**
 * A list answer that cannot be compared with the cache: nothing was deleted
 * for it. `fields` names the list and the reason ({incidents: ['unreadable_key']}),
 * so the contract error the Sync page shows says which list and why, in words of its own.
 */
export class IncompleteList extends ApiError {
  constructor(
    readonly resource: ResourceName,
    readonly scope: string,
    readonly reason: IncompleteReason,
    readonly count: number,
    endpoint: string,
  ) {
    super({
      kind: 'unexpected_body',
      endpoint,
      method: 'GET',
      path: endpoint,
      message:
        reason === 'unreadable_key'
          ? `the server's ${resource} list (${scope}) held ${count} record(s) whose id cannot be read; nothing was removed for it`
          : `the server's ${resource} list (${scope}) named ${count} record(s) by an id another record has; nothing was removed for it`,
      fields: { [resource]: [reason] },
    });
    this.name = 'IncompleteList';
  }
}

/** Counts what makes an answer incomplete: rejected records without a readable key, keys given twice. */
export class Completeness {
  private readonly keys = new Set<number | string>();
  unreadable = 0;
  duplicated = 0;
  add(key: number | string): void {
    if (this.keys.has(key)) this.duplicated++;
    else this.keys.add(key);
  }
  addRejected(rejected: readonly Rejected[], key: string, tableKeyOf: (k: string) => number | string): void {
    for (const r of rejected) {
      const k = rawKey(r.raw, key);
      if (k === null) this.unreadable++;
      else this.add(tableKeyOf(k));
    }
  }
  get seen(): ReadonlySet<number | string> {
    return this.keys;
  }
  /** The refusal to throw once what came is stored, or null when the answer is complete. */
  refusal(resource: ResourceName, scope: string, endpoint: string): IncompleteList | null {
    if (this.unreadable) return new IncompleteList(resource, scope, 'unreadable_key', this.unreadable, endpoint);
    if (this.duplicated) return new IncompleteList(resource, scope, 'duplicate_key', this.duplicated, endpoint);
    return null;
  }
}

/** The table key a rejected record would have had (admins are keyed "id:<n>"). */
function tableKey(spec: TableSpec<unknown>, k: string): number | string {
  return spec.table === 'admins' ? `id:${k}` : Number(k);
}

export function quarantine(
  db: WritableDB,
  out: Outcome,
  resource: string,
  scope: string,
  rejected: readonly Rejected[],
  key: string,
  now: number,
) {
  if (!rejected.length) return;
  quarantineRecords(
    db,
    resource,
    scope,
    rejected.map((r) => ({ raw: r.raw, error: r.error, key: rawKey(r.raw, key) })),
    now,
  );
  out.quarantined += rejected.length;
}

/**
 * Records stored per transaction of a list answer. Between two chunks the
 * event loop runs (IPC, timers, the outbox): an answer of thousands of
 * bookings stored in one transaction held the main process for 0.8 s at 200
 * listings (bench/loop-delay.ts); 250 records took ≈ 20–40 ms there, 100 take ≈ 8–15 ms.
 * At 500 listings chunks of 100 bookings held the loop up to 20–30 ms (the
 * engine's simulated day: lateness p99 20.7–21.7 ms); of 50, p99 15.4–17.3
 * ms, max 37–46 ms.
 */
export const INGEST_CHUNK = 50;

/** Lets the event loop run between two chunks; throws when the sync was stopped meanwhile (the cache may be closing). */
async function between(signal: AbortSignal | undefined, ctx: { endpoint: string }): Promise<void> {
  await nextTask();
  if (signal?.aborted)
    throw errorFromException({ endpoint: ctx.endpoint, method: 'GET', path: ctx.endpoint }, abortReason(signal), {
      callerAborted: true,
    });
}

/**
 * A list answer for one scope: upserted in chunks of INGEST_CHUNK records,
 * each its own transaction (every record is stored whole, with its unsent
 * local edits kept, whatever runs between two chunks); then, in the last
 * chunk's transaction, quarantine, release and — when the answer is complete —
 * delete what it lacks. An incomplete answer (Completeness) deletes nothing
 * and throws IncompleteList once stored.
 */
export async function storeList<T>(
  deps: FetchDeps,
  out: Outcome,
  spec: TableSpec<T>,
  result: ListResult<T>,
  scope: {
    resource: ResourceName;
    name: string;
    key: string;
    where: string | null;
    params: SqlValue[];
    endpoint: string;
  },
  upsert: (items: Incoming<T>[]) => UpsertResult = (items) => upsertRecords(deps.db, spec, items),
): Promise<void> {
  const { db } = deps;
  const complete = new Completeness();
  for (const i of result.items) complete.add(spec.keyOf(i.value));
  complete.addRejected(result.rejected, scope.key, (k) => tableKey(spec, k));
  const refused = complete.refusal(scope.resource, scope.name, scope.endpoint);
  const items = result.items;
  for (let at = 0; ; at += INGEST_CHUNK) {
    const chunk = items.slice(at, at + INGEST_CHUNK);
    const last = at + INGEST_CHUNK >= items.length;
    // Named for the long-task watch: one chunk is one transaction on the main process.
    timedWork(`sync ${scope.endpoint} ingest`, () =>
      db.transaction(() => {
        const keys = chunk.map((i) => spec.keyOf(i.value));
        out.add(
          spec.table,
          scope.resource,
          observed(deps.observe, db, spec.table, keys, () => upsert(chunk)),
        );
        if (!last) return;
        quarantine(db, out, scope.resource, scope.name, result.rejected, scope.key, deps.now());
        // After the quarantine, as when the answer was one transaction: a key given valid wins over its rejected twin.
        releaseQuarantine(db, scope.resource, [...new Set(items.map((i) => spec.keyOf(i.value)))]);
        const gone =
          scope.where === null || refused ? [] : deleteMissing(db, spec, scope.where, scope.params, complete.seen);
        out.add(spec.table, scope.resource, 0, gone.length);
      }),
    );
    if (last) break;
    await between(deps.signal, scope);
  }
  if (refused) throw refused;
}

export function markFetched(deps: FetchDeps, job: JobSpec, records: number): void {
  recordFetched(deps.db, { ...identify(job), at: deps.now(), records });
}
