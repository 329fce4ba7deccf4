// What the outbox knows about one kind of record, as ONE object per kind
// (kinds/<kind>.ts), collected in kinds/index.ts. The generic machinery
// (enqueue, the cached view, replay of updates, deletes and creates, the
// person's actions) reads these and never switches on the kind. See
// README.md "Adding a kind".
import type { z } from 'zod';
import type { EndpointName } from '../../../shared/api';
import type { EditName } from '../../../shared/contract';
import type { ApiClient } from '../../api/client';
import type { ReadableDB, WritableDB } from '../../cache/db';
import type { TableSpec } from '../../cache/tables';
import type { Incoming } from '../../cache/write';
import type { EntryContext, Kind, Rec, Values } from '../types';

/** The edit commands: the contract's one list (shared/contract/commands/edits.ts). */
export type { EditName };

/** How one write field shows on the read record and compares (see fields.ts). */
export interface FieldCodec {
  /** The field of the read record this write field changes (what the mark lists). */
  read: string;
  apply(rec: Rec, v: unknown): void;
  canon(rec: Rec): unknown;
  /**
   * Only for a field the server's read shows less of than is written (one language of a
   * multilingual text) or nothing of: whether what it shows (`canon` of its record) agrees with the
   * written value `v`. Such a field is never taken as "already there" (it is sent whenever it is
   * changed), still conflicts when the server shows something other than my base, and its read-back
   * and a create's matching ask `agrees` instead of equality.
   */
  agrees?(shown: unknown, v: unknown): boolean;
}

/** One codec per field of a write schema: the compiler fails when a field has none. */
export type FieldCodecs<Write> = { readonly [F in keyof Required<Write>]: FieldCodec };

export interface ServerVersion {
  value: Rec;
  /** The record's JSON as the server sent it (what the cache keeps as raw / server_raw). */
  raw: unknown;
}

/** A create's target collection as the server has it now, and how to store that answer in the cache. */
export interface Collection {
  items: ServerVersion[];
  store(db: WritableDB): void;
}

/** What a create command queues (the parsed command input `v`). */
export interface CreateStep {
  payload: Values;
  context: EntryContext;
  /** The collection it lands in: creates of one collection go one at a time, in order. */
  parent: string;
  /** What the change's subject (shown on the Sync screen) is taken from. */
  subjectRec: Rec;
}

/** What an edit command of the contract does to records of this kind. */
export type EditCommand =
  | { op: 'update'; what: string }
  /** Bulk: one update per item (`items: {id, changes}[]`); `what` names one item. */
  | { op: 'updateMany'; what: (id: number) => string }
  | { op: 'delete'; what: string }
  /** Checks what the create needs (throws CommandError) and says what to queue. */
  | { op: 'create'; step(db: WritableDB, v: Record<string, unknown>): CreateStep };

/** How a refused create of a kind takes new values ("Edit and send again"). */
export interface CreateAmend {
  command: EditName;
  input(ctx: EntryContext, values: Values): Record<string, unknown>;
  /** Where the values are in the command's input (and its error paths). */
  key: string;
}

/**
 * Where records of a kind hold the id of a record of another kind that may have been
 * created offline (see refs.ts): an entry context key and/or a write-payload field.
 * E.g. guests `{ kind: 'bookings', context: 'bookingNumber' }`, blocks
 * `{ kind: 'listings', context: 'listingId', payload: 'listing_id' }`.
 */
export interface KindRef {
  readonly kind: Kind;
  readonly context?: keyof EntryContext;
  readonly payload?: string;
}

/**
 * Where each part of a change's subject comes from (parts left out are null). The record's fields are
 * read as they are when the edit is made; an id field names its record from the cache (outbox/names.ts).
 */
export interface SubjectSpec {
  /** The record's own words: a text field, or made from the record (a person's full name). */
  readonly name?: string | ((rec: Rec) => string | null);
  /**
   * The booking: `own` is the record's number (a new booking's local number until the server gives
   * one); `context` is the booking the entry belongs to (its context's, else the record's field).
   */
  readonly booking?: 'own' | 'context';
  /** The listing, named from the cache. */
  readonly listing?: 'listing_id';
  /** The owner, named from the cache. */
  readonly owner?: 'owner_id';
  /** The rate, named from the cache. */
  readonly rate?: 'rate_id';
  /** Calendar days (a time after the day dropped). */
  readonly from?: string;
  readonly to?: string;
}

export interface KindSpec<K extends string> {
  readonly kind: K;
  /** Its cache table (key, typed columns; `table.resource` is the contract's resource name). */
  readonly table: TableSpec<never>;
  /** Ids of other kinds' records it holds: an entry pointing at one not yet created waits for it. */
  readonly refs?: readonly KindRef[];
  /** Columns of the row that are not part of the API record but of its context. */
  readonly contextColumns: readonly string[];
  /** The read schema: a stored server JSON → the record as the cache keeps it (without context columns). */
  readonly read: z.ZodType;
  /** Every field its write payloads may carry. */
  readonly fields: Readonly<Record<string, FieldCodec>>;
  /** The contract's edit commands of this kind. */
  readonly commands: Readonly<Partial<Record<EditName, EditCommand>>>;
  /** What a change of a record is about (the renderer words it), declared; outbox/names.ts reads it when the edit is made. */
  readonly subject: SubjectSpec;
  /** The entry context an update of `rec` keeps (default none). */
  entryContext?(rec: Rec): EntryContext;
  /** The context columns of a record from its entry's context (default none). */
  columnsOf?(ctx: EntryContext): Rec;
  /** Stores server versions in the cache (default: upsertRecords into `table`). */
  store?(db: WritableDB, items: readonly Incoming<Rec>[]): void;
  /** What the server would surely refuse and the cache can tell, refused before queueing (throws CommandError). */
  check?(db: WritableDB, rec: Rec, changes: Values): void;
  /**
   * Fields that are one decision (a block's dates): when one of them conflicts, the others my change
   * sets conflict with it, so the person keeps or drops them together and never sends a mix of mine
   * and theirs the server would refuse (my end before their start).
   */
  readonly together?: readonly (readonly string[])[];
  /**
   * Records not addressed by one id (daily prices: rate × day): the command's `changes` as the
   * fields the outbox keeps, compares and conflicts on (default: as given).
   */
  expand?(changes: Values): Values;
  /** Makes sure the cached record holds what `changes` touch before it is read (default: nothing to do). */
  prepare?(db: WritableDB, id: number, changes: Values): void;
  readonly update?: {
    endpoint: EndpointName;
    /** The key of the record id in the single-record update command's input. */
    idKey: 'id' | 'bookingNumber';
    /**
     * The server's current version, or null when it no longer has it. `hint`: the cached
     * record; `mine` the changes and `base` the values they were made against.
     */
    fetch(client: ApiClient, id: number, hint: Rec | null, mine: Values, base: Values): Promise<ServerVersion | null>;
    /** The request body from the fields to send (default: those fields). */
    body?(toSend: Values): unknown;
    /**
     * A list that reads many of a listing's records at once, by the cached column holding each
     * record's day: several records waiting to be replayed are read ahead with one request (read-ahead.ts).
     */
    readMany?: { endpoint: 'cleanings.list' | 'maintenance.list' | 'bookings.list'; day: string };
  };
  readonly remove?: { endpoint: EndpointName };
  readonly create?: {
    endpoint: EndpointName;
    /** What a record created offline looks like until the server has it. */
    local(id: number, ctx: EntryContext, payload: Values, now: number): Rec;
    /**
     * Columns a record created offline shows besides its data (the cache's own derived columns, e.g. a
     * new booking's `customer_name` while its customer exists nowhere yet).
     */
    shownColumns?(payload: Values): Rec;
    /** The request body from the (merged) payload (default: the payload); `db` for what the payload only names (a queued image). */
    body?(ctx: EntryContext, payload: Values, db: ReadableDB): unknown;
    /** The collection it lands in, read now; null when its owner is gone (other failures throw ApiError). */
    collection(client: ApiClient, ctx: EntryContext, payload: Values): Promise<Collection | null>;
    /** The fields a create is recognised by on the server (default: every field sent); may depend on what is sent. */
    matchBy?: readonly string[] | ((payload: Values) => readonly string[]);
    /**
     * "Edit and send again" of a refused create (amended in place): the command whose schema
     * checks the merged values, its input, and the key of the values in that input. Absent: Discard only.
     */
    amend?: CreateAmend;
  };
}
