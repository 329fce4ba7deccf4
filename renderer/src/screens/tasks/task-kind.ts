// The shape of a list + detail screen's spec (Cleaning, Maintenance, Incidents; Owners, Costs, Destinations): the
// list's columns, the detail panel's facts and form fields, and how an edit
// and a delete are sent. TaskScreen and TaskDetail render any spec; each kind
// is one object (tasks/kinds.ts), so a screen differs from another only there.
import type { CommandOutput, ContractError, OutboxMark, OwnerRecord, ResourceName } from '../../../../shared/contract';
import type { QueryValue } from '../../lib/routes';
import type { AppState } from '../../state/app.svelte';
import type { I18n, MessageKey } from '../../i18n/i18n.svelte';
import type { EditForm, Specs } from '../../state/form.svelte';
import type { RefusedChange } from '../../state/refused.svelte';

/** What a spec's functions may read to word a value. */
export interface KindContext {
  i18n: I18n;
  listingName: (id: number | null | undefined) => string;
  /** The owners to choose from (the Costs screen gives them). */
  owners?: readonly OwnerRecord[];
}

/** The context a spec's functions read: the app's words and listing names, plus what the screen adds. */
export function kindContext(app: Pick<AppState, 'i18n' | 'listings'>, extra: Partial<KindContext> = {}): KindContext {
  return { i18n: app.i18n, listingName: (l) => app.listings.name(l), ...extra };
}

/** A cell: plain text, or text in a coloured pill, or a muted stand-in ("—"). */
export type Cell = string | { text: string; pill: string } | { text: string; muted: true } | { listing: string };

export interface Column<T> {
  label: MessageKey;
  /** A CSS grid track, e.g. "96px" or "minmax(110px, 1.3fr)". */
  width: string;
  cell: (row: T, c: KindContext) => Cell;
  class?: 'num' | 'muted' | 'strong';
  /** The cell's whole text as its tooltip (long notes cut by the column). */
  titled?: boolean;
  /** The row's pending mark stands in this cell. */
  mark?: boolean;
  /** Left out where the list is narrow (the record's panel open beside it): the panel shows it. */
  fold?: boolean;
}

export interface Fact {
  label: MessageKey;
  text: string;
  href?: string;
  num?: boolean;
}

export interface DetailField<S extends Specs, R> {
  name: Extract<keyof S, string>;
  label: MessageKey;
  options?: (c: KindContext, record: R) => { value: string; label: string }[];
  multiline?: boolean;
  /** A checkbox in a grid of inputs sits on the inputs' line. */
  flag?: boolean;
  hint?: MessageKey;
}

/**
 * A cell of a form's grid: a field; null, an empty cell; or a note across the grid about the
 * fields that follow it (e.g. fields the PMS does not send back), above them where it is read.
 */
export type GridCell<S extends Specs, R> = DetailField<S, R> | null | { note: MessageKey };

/** The by-id reads a task panel follows. */
export type TaskGet =
  'cleaning.get' | 'maintenance.get' | 'incidents.get' | 'owners.get' | 'costs.get' | 'destinations.get';

export interface TaskRow {
  id: number;
  outbox?: OutboxMark | null;
}

export interface TaskKind<T extends TaskRow, G extends TaskGet, S extends Specs> {
  route: 'cleaning' | 'maintenance' | 'incidents' | 'owners' | 'costs' | 'destinations';
  title: MessageKey;
  /** The row's data attribute carrying its id (what tests and styles find it by). */
  rowAttr: 'data-task' | 'data-incident' | 'data-record';
  columns: readonly Column<T>[];
  rowClass?: (row: T) => string;

  /** The panel's heading, with the record's id. */
  detailTitle: MessageKey;
  /** The panel's heading from the record (a name), instead of `detailTitle`. */
  titleOf?: (record: CommandOutput<G>, c: KindContext) => string;
  get: G;
  resources: readonly ResourceName[];
  /** The form's fields and their checks (limits from the shared write schema). */
  specs: S;
  toForm: (record: CommandOutput<G>) => Partial<Record<keyof S, unknown>>;
  idPrefix: string;
  /** Read-only facts above the form. */
  facts: (record: CommandOutput<G>, c: KindContext) => Fact[];
  /** Fields two by two; null leaves a cell empty; a note runs across. */
  grid: readonly GridCell<S, CommandOutput<G>>[];
  /** Fields across the panel, under the grid. */
  wide: readonly DetailField<S, CommandOutput<G>>[];
  /** A rule applied as the person types (e.g. ticking "inspected" fills today's date). */
  onInput?: (form: EditForm<S>) => void;
  send: (
    app: AppState,
    id: number,
    changes: Record<string, unknown>,
    parsed: Record<string, unknown>,
    amending: RefusedChange | null,
  ) => Promise<unknown>;
  /** Absent: the record cannot be deleted (the API has no delete for it). */
  remove?: (app: AppState, id: number) => Promise<unknown>;
}

/** A task screen's rows (a live read) and the URL query its filters are in. */
export interface TaskSource<T> {
  readonly query: { value: readonly T[] | undefined; error: ContractError | null; loading: boolean };
  toQuery(): Record<string, QueryValue>;
}
