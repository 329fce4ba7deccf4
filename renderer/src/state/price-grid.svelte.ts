// The price grid's selection and what "set these values" sends. Cells are
// (rate index, day index); a selection is the rectangle between an anchor
// and a focus, made with the mouse (press and drag, Shift+click extends) or
// the keyboard (arrows move, Shift+arrows extend, Page Up/Down a week). One
// `prices.update` per selected rate, its days as ONE date range element —
// the main side splits and joins days as they differ (electron/outbox/kinds/prices.ts).
import type { CommandInput, PriceCell } from '../../../shared/contract';
import type { DayEdit } from '../../../shared/domain/price-ranges';

export interface CellPos {
  rate: number;
  day: number;
}

/** What the side panel sets: absent = keep each day's value. */
export type DayValues = Omit<DayEdit, 'date'>;

export const WEEK = 7;

export class GridSelection {
  anchor = $state<CellPos>({ rate: 0, day: 0 });
  focus = $state<CellPos>({ rate: 0, day: 0 });
  dragging = $state(false);

  constructor(
    private rates: () => number,
    private days: () => number,
  ) {}

  get bounds(): { rates: [number, number]; days: [number, number] } {
    const a = this.anchor;
    const f = this.focus;
    return {
      rates: [Math.min(a.rate, f.rate), Math.max(a.rate, f.rate)],
      days: [Math.min(a.day, f.day), Math.max(a.day, f.day)],
    };
  }

  has(rate: number, day: number): boolean {
    const b = this.bounds;
    return rate >= b.rates[0] && rate <= b.rates[1] && day >= b.days[0] && day <= b.days[1];
  }

  #clamp(p: CellPos): CellPos {
    return {
      rate: Math.max(0, Math.min(this.rates() - 1, p.rate)),
      day: Math.max(0, Math.min(this.days() - 1, p.day)),
    };
  }

  /** Selects from the anchor (kept with `extend`) to this cell. */
  select(p: CellPos, extend = false): void {
    const c = this.#clamp(p);
    if (!extend) this.anchor = c;
    this.focus = c;
  }

  press(p: CellPos, shift: boolean): void {
    this.select(p, shift);
    this.dragging = true;
  }

  enter(p: CellPos): void {
    if (this.dragging) this.select(p, true);
  }

  release(): void {
    this.dragging = false;
  }

  /** Handles a grid key; true when it was a selection key (the caller prevents its default). */
  key(e: Pick<KeyboardEvent, 'key' | 'shiftKey'>): boolean {
    const f = this.focus;
    const moves: Record<string, CellPos> = {
      ArrowUp: { rate: f.rate, day: f.day - 1 },
      ArrowDown: { rate: f.rate, day: f.day + 1 },
      ArrowLeft: { rate: f.rate - 1, day: f.day },
      ArrowRight: { rate: f.rate + 1, day: f.day },
      PageUp: { rate: f.rate, day: f.day - WEEK },
      PageDown: { rate: f.rate, day: f.day + WEEK },
      Home: { rate: f.rate, day: 0 },
      End: { rate: f.rate, day: this.days() - 1 },
    };
    const to = moves[e.key];
    if (!to) return false;
    this.select(to, e.shiftKey);
    return true;
  }
}

/** The selected cells' common value of a field, or null when they differ (or none has one). */
export function common<K extends keyof PriceCell>(cells: readonly PriceCell[], field: K): PriceCell[K] | null {
  if (!cells.length) return null;
  const first = cells[0]![field];
  return cells.every((c) => JSON.stringify(c[field]) === JSON.stringify(first)) ? first : null;
}

/** One prices.update per selected rate: the selected days as one range with the values to set. */
export function updatesFor(
  rateIds: readonly number[],
  from: string,
  to: string,
  values: DayValues,
): CommandInput<'prices.update'>[] {
  if (!Object.keys(values).length) return [];
  const date: string | [string, string] = from === to ? from : [from, to];
  return rateIds.map((id) => ({ id, changes: { dates: [{ date, ...values }] } }));
}
