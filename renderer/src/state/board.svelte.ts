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
import { isIsoDateString, today } from './dates';
import { tri, triBool, type Tri } from './dated-list.svelte';

/** Any / yes / no, as every list's three-way filters. */
export type TriState = Tri;
export type TaskKey = `c:${number}` | `m:${number}`;

const NOTE_MAX = 5000;

export const cleaningKey = (t: BoardCleaning): TaskKey => `c:${t.id}`;
export const maintenanceKey = (t: BoardMaintenance): TaskKey => `m:${t.id}`;

/** Every task of a row, as selection keys. */
export function rowTaskKeys(row: BoardRow): TaskKey[] {
  return [...row.cleaning.map(cleaningKey), ...row.maintenance.map(maintenanceKey)];
}

/** Appends a line to existing notes, within the API's length limit. */
export function appendNote(existing: string, note: string): string {
  const joined = existing.trim() ? `${existing.trimEnd()}\n${note.trim()}` : note.trim();
  return joined.slice(0, NOTE_MAX);
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

/** The board is asked for what changed since the answer shown, and rebuilt whole from the two. */
const BOARD_SINCE: Incremental<'board.day'> = {
  ask: (input, held) => ({ ...input, since: held.id }),
  take: mergeBoardAnswer,
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
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway lookup, not state
    this.selection.retain(new Set(this.tasks.keys()));
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
   * Builds the edit commands for a bulk action: one `updateMany` per task kind
   * (each one transaction on the main side). Tasks already in the target state
   * are skipped so no empty edit reaches the outbox.
   */
  bulkCommands(
    keys: readonly TaskKey[],
    action: { kind: 'inspected' } | { kind: 'status'; status: number } | { kind: 'note'; note: string },
  ) {
    const { cleaning, maintenance } = this.#split(keys);
    // The inspection happens now, whatever day the board shows.
    const date = today();
    const c: CommandInput<'cleaning.updateMany'>['items'] = [];
    const m: CommandInput<'maintenance.updateMany'>['items'] = [];
    if (action.kind === 'inspected') {
      for (const t of cleaning) if (!t.inspected) c.push({ id: t.id, changes: { inspected: 1 } });
      for (const t of maintenance)
        if (!t.inspected) m.push({ id: t.id, changes: { inspected: 1, inspection_date: date } });
    } else if (action.kind === 'status') {
      for (const t of cleaning)
        if (t.status !== action.status) c.push({ id: t.id, changes: { status: action.status } });
    } else if (action.note.trim()) {
      for (const t of cleaning) c.push({ id: t.id, changes: { notes: appendNote(t.notes, action.note) } });
      for (const t of maintenance) m.push({ id: t.id, changes: { notes: appendNote(t.notes, action.note) } });
    }
    return { cleaning: c, maintenance: m };
  }

  move(delta: number): void {
    if (!this.rows.length) return;
    this.focused = Math.max(0, Math.min(this.rows.length - 1, this.focused + delta));
  }
}
