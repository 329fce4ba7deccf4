// What happens to entries after a request: the shared context of a replay
// step, back-off with jitter, and the ONE place that turns a failed request
// into an entry state — retry later (not processed), unknown (maybe
// processed: reconcile by reading back before anything is resent), rejected
// (the server said no, with its reason), or paused (the session expired).
import type { ReadAhead } from './read-ahead';
import { backoffDelay as sharedBackoff } from '../../shared/backoff';
import type { ContractError, OutboxState } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { contractErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import type { WritableDB } from '../cache/db';
import { patchEntries, type Patch } from './entries';
import { markGoneOnServer, refreshView } from './view';
import type { Entry, EntryOp, Kind, TraceEvent } from './types';
import { REFUSED } from './refusals';

export interface Backoff {
  /** First delay after a failure; doubles per attempt. */
  baseMs: number;
  maxMs: number;
  /**
   * After a write whose outcome is unknown (no answer, a reset, a 5xx, a crash while sending), how long
   * the server is given to finish it before the record is looked at again. A request this app stopped
   * waiting for may still be applied (a slow server, a proxy answering 502 while the server works on):
   * read back sooner, its absence proves nothing, and a create sent again — or a newer edit of the same
   * record overtaken by the old one — would break the rule that every change is applied exactly once.
   */
  settleMs: number;
}

/**
 * Edits are the person's work: after a failure they are tried again at least once a minute. An
 * ambiguous write waits 15 s before its read-back (spec-silent; the server's own processing time is
 * not stated — longer than any answer seen from it, shorter than a person's patience with "Checking").
 */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60_000, settleMs: 15_000 };

/** What a replay step needs. */
export interface StepDeps {
  db: WritableDB;
  /** The current session's client (a getter: it throws ApiError `signed_out` when there is none). */
  readonly client: ApiClient;
  now: () => number;
  random: () => number;
  backoff: Backoff;
  trace: (e: TraceEvent) => void;
  /** Records and entries changed: tell the renderer. */
  changed: (kinds: readonly Kind[], entryIds: readonly number[]) => void;
  /** A create's body is being sent: bytes so far of the total (outbox.upload). */
  uploaded?: (entryId: number, sent: number, total: number) => void;
  /** The session expired: stop replaying until the person signs in again. */
  pause: (reason: string) => void;
  /** Counts a failure of this entry's step and returns how many in a row (for the back-off exponent). */
  failure: (entryId: number) => number;
  /** Server versions read several at a time for the records waiting (absent: each record is read alone). */
  readAhead?: ReadAhead;
}

/** After n failures in a row: base · 2^(n−1), capped, times a jitter in [0.5, 1.5) (shared/backoff.ts). */
export function backoffDelay(failures: number, b: Backoff, random: () => number): number {
  return sharedBackoff(failures - 1, { ...b, jitter: 0.5 }, random);
}

/**
 * Changes entries and re-derives the record's cached view, in one
 * transaction; then tells the renderer. `gone`: the server answered that the
 * record does not exist (any more).
 */
export function transition(
  d: StepDeps,
  entries: readonly Entry[],
  patch: Patch | ((e: Entry) => Patch),
  gone = false,
): void {
  const first = entries[0];
  if (!first) return;
  const ids = entries.map((e) => e.id);
  d.db.transaction((tx) => {
    if (typeof patch === 'function') for (const e of entries) patchEntries(tx, [e.id], patch(e), d.now());
    else patchEntries(tx, ids, patch, d.now());
    if (gone && first.op !== 'create') markGoneOnServer(tx, first.resource, first.recordId);
    refreshView(tx, first.resource, first.recordId);
  });
  d.changed([first.resource], ids);
}

export function reject(d: StepDeps, entries: readonly Entry[], error: ContractError): void {
  transition(d, entries, { state: 'rejected', error, nextAttemptAt: null }, error.code === 'not_found');
}

/**
 * The state an entry goes back to when a request surely did not change
 * anything: each as it was — an edit whose earlier send is unsettled stays
 * unknown, an edit never sent stays waiting (a batch that merged both must not
 * show the new edit as "checking").
 */
function asBefore(e: Entry): OutboxState {
  return e.state === 'unknown' ? 'unknown' : 'pending';
}

/**
 * Handles a failed request of a step. `phase` says whether it was a read
 * (nothing can have changed on the server) or the write itself; `before` are
 * the entries as they were before the step marked them `sending`.
 * Returns 'done' when the failure settles the entries (a delete answered 404).
 */
export function failed(
  d: StepDeps,
  before: readonly Entry[],
  err: unknown,
  phase: 'read' | 'write',
  op: EntryOp,
): 'done' | 'later' {
  if (!isApiError(err)) throw err;
  const head = before[0]!;
  const failures = d.failure(head.id);
  const later = d.now() + (err.retryAfterMs ?? backoffDelay(failures, d.backoff, d.random));
  const error = contractErrorOf(err);
  // A write maybe processed: the server is given time to finish before anything of the record is read or sent.
  const settled = phase === 'write' ? Math.max(later, d.now() + d.backoff.settleMs) : later;
  const retry = (state: OutboxState | typeof asBefore, extra: Patch = {}) => {
    transition(d, before, (e) => {
      const next = typeof state === 'function' ? state(e) : state;
      return { state: next, error, nextAttemptAt: next === 'unknown' ? settled : later, ...extra };
    });
    return 'later' as const;
  };
  switch (err.kind) {
    case 'signed_out':
    case 'unauthenticated':
      // Nothing was processed (the client gives up before sending, or after a 401).
      transition(d, before, (e) => ({ state: asBefore(e), error, nextAttemptAt: null }));
      d.pause(err.message);
      return 'later';
    case 'rate_limited':
      return retry(asBefore);
    case 'network':
    case 'timeout':
    case 'aborted':
      return retry(phase === 'write' && err.outcomeUnknown ? 'unknown' : asBefore);
    case 'server':
      return retry(phase === 'write' ? 'unknown' : asBefore);
    case 'unexpected_body':
      // A 2xx with a garbled body: a write was processed.
      if (phase === 'write') {
        if (op === 'delete') return 'done';
        return retry('unknown', op === 'create' ? { accepted: true } : {});
      }
      return retry(asBefore);
    case 'not_found':
      if (op === 'delete' && phase === 'write') return 'done';
      // The server's own answer (a 404) stays with the reason the outbox gives for it.
      reject(d, before, {
        ...(op === 'create' ? REFUSED.parentGone() : REFUSED.recordGone()),
        ...(error.server ? { server: error.server } : {}),
      });
      return 'later';
    default:
      reject(d, before, error);
      return 'later';
  }
}
