// The outbox: edits that are never lost and never applied twice. Created by
// the engine over the account's cache database (with OUTBOX_MIGRATIONS
// appended to the cache's), its API client and budget governor. See README.md
// for how it is wired and how it behaves.
import {
  CommandError,
  outboxCommands,
  type AdmittedEdit,
  type EditReceipt,
  type EventPayload,
  type OutboxEntry,
  type OutboxState,
  type OutboxSummary,
} from '../../shared/contract';
import { parseWith } from '../../shared/api';
import type { ApiClient } from '../api/client';
import { ReadAhead } from './read-ahead';
import { ApiError } from '../api/errors';
import { systemClock, type Clock } from '../api/clock';
import type { BudgetGovernor } from '../api/governor';
import type { WritableDB } from '../cache/db';
import { keysWithServerAside } from '../cache/overlay';
import { amendEntry, discardAllEntries, discardEntry, resolveEntry, retryEntry, type ActionResult } from './actions';
import { listEntries, pruneConfirmed, summaryOf } from './entries';
import { contractEntry } from './refs';
import { enqueueAdmitted, enqueueEdit, type EditName, type EnqueueResult } from './enqueue';
import { DEFAULT_BACKOFF, type Backoff, type StepDeps } from './outcome';
import { KINDS, KIND_SPECS, type Kind } from './kinds';
import type { TraceEvent, Values } from './types';
import { refreshView } from './view';
import { rederiveStoredWords } from './upgrade';
import { ReplayWorker, type DrainOptions, type DrainReport } from './worker';

export { OUTBOX_MIGRATIONS } from './schema';
export type { EditName } from './enqueue';
export type { DrainOptions, DrainReport } from './worker';
export type { TraceEvent } from './types';

/** Where the outbox's push events go (the engine passes its event bus). */
export interface OutboxEvents {
  emit<E extends 'outbox.changed' | 'cache.changed' | 'outbox.upload'>(event: E, payload: EventPayload<E>): void;
}

export interface OutboxOptions {
  db: WritableDB;
  /**
   * The API client, or a function giving the current session's client (the
   * engine makes a new one per sign-in; it may throw when nobody is signed in).
   */
  client: ApiClient | (() => ApiClient);
  /**
   * The budget governor (default: the client's). Replay asks it for 'user' permits through the
   * client, and starts no more records in parallel than it has room for right now.
   */
  governor?: BudgetGovernor;
  clock?: Clock;
  events?: OutboxEvents;
  /** [0, 1) source for back-off jitter (seeded in tests). */
  random?: () => number;
  /** Records replayed in parallel (each record's own edits always go one after the other). */
  concurrency?: number;
  backoff?: Partial<Backoff>;
  /** Confirmed entries stay listed this long (ms) so the person sees the outcome; default 24 h. */
  keepConfirmedMs?: number;
  /** Test and benchmark hook: every send, answer, conflict and adoption. */
  trace?: (e: TraceEvent) => void;
  log?: { error(message: string, err?: unknown): void };
}

const DAY = 86_400_000;

export class Outbox {
  private readonly db: WritableDB;
  private readonly clock: Clock;
  private readonly events: OutboxEvents | undefined;
  private readonly worker: ReplayWorker;
  private readonly keepConfirmedMs: number;
  /** How long a write of unknown outcome is given to finish at the server (Backoff.settleMs). */
  private readonly settleMs: number;
  private readonly failures = new Map<number, number>();
  /** The current session's client, or null when nobody is signed in. */
  private readonly currentClient: () => ApiClient | null;

  constructor(o: OutboxOptions) {
    this.db = o.db;
    this.clock = o.clock ?? systemClock;
    this.events = o.events;
    this.keepConfirmedMs = o.keepConfirmedMs ?? DAY;
    if (!this.db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'`))
      throw new Error('the outbox tables are missing: open the cache with [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS]');
    const random = o.random ?? Math.random;
    const provider = typeof o.client === 'function' ? o.client : () => o.client as ApiClient;
    this.currentClient = () => {
      try {
        return provider();
      } catch {
        return null;
      }
    };
    const current = this.currentClient;
    const readAhead = new ReadAhead();
    const backoff = { ...DEFAULT_BACKOFF, ...o.backoff };
    this.settleMs = backoff.settleMs;
    const deps: StepDeps = {
      db: this.db,
      get client(): ApiClient {
        const c = current();
        if (!c) throw notSignedIn();
        return c;
      },
      now: () => this.clock.now(),
      random,
      backoff,
      trace: (e) => o.trace?.(e),
      changed: (kinds, ids) => this.changed(kinds, ids),
      uploaded: (entryId, sent, total) => this.events?.emit('outbox.upload', { entryId, sent, total }),
      pause: (reason) => this.worker.pause(reason),
      failure: (id) => {
        const n = (this.failures.get(id) ?? 0) + 1;
        this.failures.set(id, n);
        return n;
      },
      readAhead,
    };
    const log = o.log ?? { error: (m: string, e?: unknown) => console.error(`outbox: ${m}`, e) };
    this.worker = new ReplayWorker(deps, this.clock, {
      concurrency: Math.max(1, o.concurrency ?? 4),
      onError: (err) => log.error('replay failed; retrying in a few seconds', err),
      afterDrain: () => {
        this.forgetSettledFailures();
        readAhead.clear();
      },
      beforeDrain: () => this.refreshMarked(),
      client: this.currentClient,
      headroom: () => {
        const g = o.governor ?? this.currentClient()?.governor;
        return g ? g.headroom('user') : Infinity;
      },
    });
    rederiveStoredWords(this.db);
    this.recover();
  }

  /**
   * After a start (or a crash): an entry still `sending` may or may not have
   * reached the server. It becomes `unknown` and is reconciled by reading back
   * before anything is sent again.
   */
  private recover(): void {
    const touched = this.db.transaction((tx) => {
      const rows = tx.all<{ resource: Kind; record_id: number }>(
        `SELECT DISTINCT resource, record_id FROM outbox WHERE state = 'sending'`,
      );
      // A request of the process that died may still be at the server: it is given time to finish first.
      const now = this.clock.now();
      tx.run(`UPDATE outbox SET state = 'unknown', updated_at = ?, next_attempt_at = ? WHERE state = 'sending'`, [
        now,
        now + this.settleMs,
      ]);
      for (const r of rows) refreshView(tx, r.resource, r.record_id);
      pruneConfirmed(tx, this.clock.now() - this.keepConfirmedMs, 200);
      return rows;
    });
    if (touched.length)
      this.changed(
        touched.map((r) => r.resource),
        [],
      );
  }

  /** Back-off grows with failures in a row of an entry; entries that settled start afresh. */
  private forgetSettledFailures(): void {
    if (this.failures.size === 0) return;
    const open = new Set(
      this.db.pluck<number>(`SELECT id FROM outbox WHERE state IN ('pending', 'sending', 'unknown')`),
    );
    for (const id of this.failures.keys()) if (!open.has(id)) this.failures.delete(id);
  }

  private changed(kinds: readonly Kind[], entryIds: readonly number[]): void {
    if (!this.events) return;
    const resources = [...new Set(kinds.map((k) => KIND_SPECS[k].table.resource))];
    if (resources.length) this.events.emit('cache.changed', { resources });
    this.events.emit('outbox.changed', { summary: summaryOf(this.db), entryIds: [...entryIds] });
  }

  private after(r: ActionResult): void {
    this.changed(r.kinds, r.entryIds);
    this.worker.nudge();
  }

  // ───────────────────────── edits ─────────────────────────

  /**
   * An edit command of the contract (`cleaning.update`, `guests.create`…):
   * validated, written with its optimistic change in one transaction, and
   * answered at once. Bulk commands answer one receipt per item.
   */
  enqueue(name: EditName, input: unknown): EditReceipt | EditReceipt[] {
    return this.answer(name, enqueueEdit(this.db, name, input, this.clock.now()));
  }

  /** The same, for an input the dispatcher admitted at the door (shared/contract/admitted-edit.ts): not parsed again. */
  enqueueAdmitted<N extends EditName>(name: N, input: AdmittedEdit<N>): EditReceipt | EditReceipt[] {
    return this.answer(name, enqueueAdmitted(this.db, name, input, this.clock.now()));
  }

  /** An enqueued edit told to the listeners and the worker, answered with its receipt(s). */
  private answer(name: EditName, r: EnqueueResult): EditReceipt | EditReceipt[] {
    this.changed(
      [...r.kinds],
      r.receipts.map((x) => x.entryId),
    );
    this.worker.nudge();
    return name.endsWith('.updateMany') ? r.receipts : r.receipts[0]!;
  }

  // ───────────────────────── outbox commands ─────────────────────────

  list(input: unknown = {}): OutboxEntry[] {
    const v = parseInput('outbox.list', input);
    const states = (v['states'] as OutboxState[] | undefined) ?? null;
    const since = this.clock.now() - this.keepConfirmedMs;
    return listEntries(this.db, states, (v['limit'] as number | undefined) ?? 200, since).map((e) =>
      contractEntry(this.db, e),
    );
  }

  summary(): OutboxSummary {
    return summaryOf(this.db);
  }

  retry(input: unknown): OutboxEntry {
    const v = parseInput('outbox.retry', input);
    const r = retryEntry(this.db, v['id'] as number, this.clock.now(), this.settleMs);
    this.worker.resume();
    this.after(r);
    return r.entry!;
  }

  /** Undoes an unsent change; a create takes what depends on the new record with it (counted in `dependents`). */
  discard(input: unknown): { discarded: true; dependents: number } {
    const v = parseInput('outbox.discard', input);
    const r = discardEntry(this.db, v['id'] as number);
    this.after(r);
    return { discarded: true, dependents: r.dependents ?? 0 };
  }

  /** "Edit and send again": a refused update replaced by a new edit of the same record, or a refused new guest sent again with my values (one transaction). */
  amend(input: unknown): { entryId: number | null } {
    const v = parseInput('outbox.amend', input);
    const r = amendEntry(this.db, v['id'] as number, v['changes'] as Record<string, unknown>, this.clock.now());
    this.after(r);
    return { entryId: r.newEntryId };
  }

  resolve(input: unknown): OutboxEntry {
    const v = parseInput('outbox.resolve', input);
    const r = resolveEntry(
      this.db,
      v['id'] as number,
      v['choice'] as 'mine' | 'theirs',
      v['fields'] as Record<string, 'mine' | 'theirs'> | undefined,
      this.clock.now(),
      v['values'] as Values | undefined,
    );
    this.after(r);
    return r.entry!;
  }

  /** True while any edit is not confirmed (sign-out refuses unless told to discard). */
  hasUnsent(): boolean {
    return summaryOf(this.db).unsent > 0;
  }

  /** Sign-out with explicit "discard unsent": lets the request in flight finish, then drops every unsent edit. */
  async discardAll(): Promise<number> {
    const wasRunning = this.worker.running;
    await this.worker.stop();
    const r = discardAllEntries(this.db);
    this.changed(r.kinds, r.entryIds);
    if (wasRunning) this.worker.start();
    return r.entryIds.length;
  }

  // ───────────────────────── replay ─────────────────────────

  drain(options?: DrainOptions): Promise<DrainReport> {
    return this.worker.drain(options);
  }
  start(): void {
    this.refreshMarked();
    this.worker.start();
  }
  stop(): Promise<void> {
    return this.worker.stop();
  }
  /** Connectivity came back, or anything else that makes replay worth trying now. */
  nudge(): void {
    this.worker.nudge();
  }
  /** The person signed in again after the session expired. */
  resume(): void {
    this.worker.resume();
  }
  get paused(): string | null {
    return this.worker.paused;
  }

  /**
   * Sync stores newer server versions of records with unsent changes aside
   * (server_raw); this shows them under the local changes. The engine calls
   * it after sync writes; start() calls it too.
   */
  refreshMarked(): void {
    const kinds: Kind[] = [];
    this.db.transaction((tx) => {
      for (const kind of KINDS) {
        const ids = keysWithServerAside(tx, KIND_SPECS[kind].table) as number[];
        let changed = false;
        for (const id of ids) changed = refreshView(tx, kind, id).changed || changed;
        if (changed) kinds.push(kind);
      }
    });
    if (kinds.length && this.events)
      this.events.emit('cache.changed', { resources: [...new Set(kinds.map((k) => KIND_SPECS[k].table.resource))] });
  }
}

function notSignedIn(): ApiError {
  return new ApiError({
    endpoint: 'auth.login',
    method: 'POST',
    path: '/login',
    kind: 'signed_out',
    message: 'Nobody is signed in: the edits wait until someone signs in.',
  });
}

function parseInput(name: keyof typeof outboxCommands, input: unknown): Record<string, unknown> {
  const r = parseWith(outboxCommands[name].input, input);
  if (!r.ok) throw new CommandError('invalid_input', r.message, r.errors);
  return r.value;
}

export function createOutbox(options: OutboxOptions): Outbox {
  return new Outbox(options);
}
