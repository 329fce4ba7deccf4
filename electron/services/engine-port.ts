// What the handlers need of an account's engine, in one interface: the
// read-only cache handle, the sync controls and the outbox. The concrete
// engine (electron/engine assembles every part of an account: engine.ts,
// foreground-parts.ts) is adapted to it in wiring.ts; tests pass fakes.
// A part the engine runs without (read-only after an expired session) is null; its commands answer `not_signed_in`.
import type {
  AdmittedEdit,
  CommandArgs,
  CoverageAnswer,
  CoverageFetched,
  CoverageSubjectArgs,
  EditName,
  Interest,
} from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import type { HandlerResult } from './types';
import type { EngineLifecycle } from './workspace';

export interface SyncPort {
  status(): HandlerResult<'sync.status'>;
  /** "Sync now": what it did, or why nothing and until when (engine.ts requestSync). */
  syncNow(full: boolean): HandlerResult<'sync.now'>;
  setInterest(interest: Interest): void;
  /** "Check against the server" (electron/sync/reconcile.ts) and its fix (absent in fakes: `unavailable`). */
  check?(): Promise<HandlerResult<'sync.check'>>;
  fix?(): Promise<HandlerResult<'sync.fix'>>;
}

type Receipt = HandlerResult<'cleaning.update'>;

/** Every edit the outbox carries: one transaction each (outbox entry + optimistic change). */
export interface OutboxPort {
  /** The input was admitted at the door (shared/contract/admitted-edit.ts): the outbox does not parse it again. */
  edit<N extends EditName>(name: N, input: AdmittedEdit<N>): Receipt | Receipt[] | Promise<Receipt | Receipt[]>;
  list(input: CommandArgs<'outbox.list'>): HandlerResult<'outbox.list'>;
  summary(): HandlerResult<'outbox.summary'>;
  retry(id: number): HandlerResult<'outbox.retry'> | Promise<HandlerResult<'outbox.retry'>>;
  /** Returns how many changes that depended on a discarded new record went with it (absent: none). */
  discard(id: number): void | number | Promise<void | number>;
  amend(input: CommandArgs<'outbox.amend'>): HandlerResult<'outbox.amend'> | Promise<HandlerResult<'outbox.amend'>>;
  resolve(
    input: CommandArgs<'outbox.resolve'>,
  ): HandlerResult<'outbox.resolve'> | Promise<HandlerResult<'outbox.resolve'>>;
}

/** Questions asked of the server itself, now (the booking form's live availability). */
export interface LivePort {
  availability(input: {
    listingId: number;
    from: string;
    to: string;
    rateId: number;
    mu: boolean;
  }): Promise<{ available: boolean; freeUnits: number | null }>;
  /** A new booking with card data: one foreground request now (electron/engine/booking-card.ts). */
  createBookingWithCard?(
    booking: CommandArgs<'bookings.createWithCard'>['booking'],
  ): Promise<HandlerResult<'bookings.createWithCard'>>;
}

/** Intranet-user writes carrying a password: foreground, online only (electron/engine/admin-writes.ts). */
export interface AdminsPort {
  create(admin: CommandArgs<'admins.create'>['admin']): Promise<{
    outcome: 'created' | 'found' | 'unknown';
    admin: Omit<HandlerResult<'admins.list'>[number], 'outbox'> | null;
  }>;
  setPassword(id: number, password: string): Promise<HandlerResult<'admins.setPassword'>>;
}

/** Whether what a document or screen needs was received whole, and the person's fetch of what is not (electron/sync/coverage-answers.ts). */
export interface CoveragePort {
  check(subject: CoverageSubjectArgs): CoverageAnswer;
  fetch(subject: CoverageSubjectArgs): Promise<CoverageFetched>;
}

export interface EnginePort extends EngineLifecycle {
  /** The account's cache, read-only (a read can never write). */
  readonly db: ReadableDB;
  readonly sync: SyncPort | null;
  readonly outbox: OutboxPort | null;
  /** The image files of photos (engine/photo-files.ts); absent in fakes: no image. */
  readonly photos?: { image(id: number): Promise<string | null> } | null;
  /** Absent where no server is ever asked (test fakes): live commands answer `unreachable`. */
  readonly live?: LivePort | null;
  /** Absent where no server is ever asked (test fakes): admins.create / setPassword answer `unreachable`. */
  readonly admins?: AdminsPort | null;
  /** Absent in fakes: documents are made without a coverage check, coverage.* answer `not_implemented`. */
  readonly coverage?: CoveragePort | null;
  /** The history kept on this computer (engine/history-keeper.ts); absent in fakes: settings.storage answers `not_implemented`. */
  readonly history?: { usage(months: number | null): HandlerResult<'settings.storage'> } | null;
}
