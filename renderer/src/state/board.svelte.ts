// The supervisor's day board: the date and filters (mirrored in the URL),
// the live board read, keyboard focus, the multi-selection of tasks and the
// bulk actions on it (mark inspected, set status, add a note). Edits go
// through the outbox commands and show as pending at once.
import type {
  BoardRow,
  BoardCleaning,
  CommandInput,
  BoardMaintenance,
  StayboardBridge,
} from '../../../shared/contract';
import { mergeBoardAnswer } from '../../../shared/contract/board-answer';
import { Query, type Incremental } from './query.svelte';
import { Selection } from './selection.svelte';
import { countKinds, planBulk, type BulkAction, type BulkPlan, type KindCounts, type TaskKey } from './board-bulk';
import { isIsoDateString, today } from './dates';
import { tri, triBool, type Tri } from './dated-list.svelte';

/** Any / yes / no, as every list's three-way filters. */
export type TriState = Tri;
export type { TaskKey };
export { appendNote } from './board-bulk';

export const cleaningKey = (t: BoardCleaning): TaskKey => `c:${t.id}`;
export const maintenanceKey = (t: BoardMaintenance): TaskKey => `m:${t.id}`;

/** Every task of a row, as selection keys. */
export function rowTaskKeys(row: BoardRow): TaskKey[] {
  return [...row.cleaning.map(cleaningKey), ...row.maintenance.map(maintenanceKey)];
}

export type BoardTask = { kind: 'c'; task: BoardCleaning } | { kind: 'm'; task: BoardMaintenance };

export interface BoardFilters {
  date: string;
  city: string;
  destination: number | null;
  statuses: number[];
  inspected: TriState;
  hasIncident: TriState;
  onlyActive: boolean;
}

/** Filters from the URL query (unknown values fall back to defaults). */
export function filtersFromQuery(q: Record<string, string>): BoardFilters {
  const destination = Number(q['destination']);
  return {
    date: q['date'] && isIsoDateString(q['date']) ? q['date'] : today(),
    city: q['city'] ?? '',
    destination: Number.isInteger(destination) && destination > 0 ? destination : null,
    statuses: (q['status'] ?? '')
      .split(',')
      .filter((s) => /^\d+$/.test(s))
      .map(Number),
    inspected: tri(q['inspected']),
    hasIncident: tri(q['incident']),
    onlyActive: q['all'] !== '1',
  };
}

export function filtersToQuery(f: BoardFilters): Record<string, string> {
  return {
    date: f.date === today() ? '' : f.date,
    city: f.city,
    destination: f.destination === null ? '' : String(f.destination),
    status: f.statuses.join(','),
    inspected: f.inspected === 'any' ? '' : f.inspected,
    incident: f.hasIncident === 'any' ? '' : f.hasIncident,
    all: f.onlyActive ? '' : '1',
  };
}

export function boardInput(f: BoardFilters): CommandInput<'board.day'> {
  const input: CommandInput<'board.day'> = { date: f.date, onlyActive: f.onlyActive };
  if (f.city) input.city = f.city;
  if (f.destination !== null) input.destination = f.destination;
  if (f.statuses.length) input.cleaningStatus = f.statuses;
  const inspected = triBool(f.inspected);
  if (inspected !== undefined) input.inspected = inspected;
  const hasIncident = triBool(f.hasIncident);
  if (hasIncident !== undefined) input.hasIncident = hasIncident;
  return input;
}

/**
 * The board is asked for what changed since the answer shown, and rebuilt
 * whole from the two. A date's first answer may be its top rows only (`more`):
 * shown at once, and the rest asked for since it.
 */
const BOARD_SINCE: Incremental<'board.day'> = {
  ask: (input, held) => ({ ...input, since: held.id }),
  take: mergeBoardAnswer,
  more: (answer) => answer.more,
};

export class TodayBoard {
  filters = $state<BoardFilters>(filtersFromQuery({}));
  readonly board: Query<'board.day'>;
  readonly selection = new Selection<TaskKey>();
  /** Index of the row with keyboard focus. */
  focused = $state(0);

  constructor(private readonly bridge: StayboardBridge) {
    this.board = new Query(
      bridge,
      'board.day',
      ['bookings', 'cleaning', 'maintenance', 'incidents', 'listings'],
      BOARD_SINCE,
    );
  }

  get rows(): BoardRow[] {
    return this.board.value?.rows ?? [];
  }

  /** The rows shown are the top of the day's only: its totals and "nothing happens" are not known yet. */
  get partial(): boolean {
    return this.board.value?.more === true;
  }

  /** Tasks by selection key, from the rows on screen. */
  readonly tasks = $derived.by(() => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a value built inside $derived and never mutated after
    const out = new Map<TaskKey, BoardTask>();
    for (const row of this.rows) {
      for (const task of row.cleaning) out.set(cleaningKey(task), { kind: 'c', task });
      for (const task of row.maintenance) out.set(maintenanceKey(task), { kind: 'm', task });
    }
    return out;
  });

  async load(): Promise<void> {
    await this.board.load(boardInput(this.filters));
    this.follow();
    this.focused = Math.min(this.focused, Math.max(0, this.rows.length - 1));
  }

  /** The tasks a bulk action applies to: the selection, else the focused row's tasks. */
  targets(): TaskKey[] {
    if (this.selection.size) return [...this.selection.keys];
    const row = this.rows[this.focused];
    return row ? rowTaskKeys(row) : [];
  }

  #split(keys: readonly TaskKey[]) {
    const tasks = this.tasks;
    const cleaning: BoardCleaning[] = [];
    const maintenance: BoardMaintenance[] = [];
    for (const k of keys) {
      const entry = tasks.get(k);
      if (entry?.kind === 'c') cleaning.push(entry.task);
      else if (entry?.kind === 'm') maintenance.push(entry.task);
    }
    return { cleaning, maintenance };
  }

  /**
   * The edits of a bulk action on these tasks and what it leaves alone (board-bulk.ts):
   * one `updateMany` per task kind, nothing queued that changes nothing.
   */
  bulkCommands(keys: readonly TaskKey[], action: BulkAction): BulkPlan {
    const { cleaning, maintenance } = this.#split(keys);
    return planBulk(cleaning, maintenance, action);
  }

  /** What is selected, per kind. */
  get selectedKinds(): KindCounts {
    return countKinds(this.selection.keys);
  }

  /**
   * The selection follows the rows shown: a task that left the board (a filter, or a change
   * that took it out of the filter) is no longer selected, so an action never counts or
   * touches what the person cannot see.
   */
  follow(): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway lookup, not state
    this.selection.retain(new Set(this.tasks.keys()));
  }

  move(delta: number): void {
    if (!this.rows.length) return;
    this.focused = Math.max(0, Math.min(this.rows.length - 1, this.focused + delta));
  }
}
