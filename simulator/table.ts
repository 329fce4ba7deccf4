// An in-memory table indexed by listing and by day, so "records of listing X"
// and "records touching days [from, to]" stay fast at a 100k-record scale and
// remain correct when a write moves a record to other days or listings.

export interface Placement {
  /** Listings the record belongs to (one for most records; several for incidents). */
  listings: readonly number[];
  /** First and last day (day numbers, inclusive) the record touches. */
  start: number;
  end: number;
}

export class DayTable<T extends { id: number }> {
  readonly rows = new Map<number, T>();
  private readonly byListing = new Map<number, Set<number>>();
  private readonly byStart = new Map<number, Set<number>>();
  private readonly placed = new Map<number, Placement>();
  /** Longest span seen: a window query looks back this far for records that started earlier. */
  private maxSpan = 0;

  constructor(private readonly place: (row: T) => Placement) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  insert(row: T): T {
    if (this.rows.has(row.id)) throw new Error(`duplicate id ${row.id}`);
    this.rows.set(row.id, row);
    this.index(row);
    return row;
  }

  remove(id: number): T | undefined {
    const row = this.rows.get(id);
    if (!row) return undefined;
    this.unindex(id);
    this.rows.delete(id);
    return row;
  }

  /** Changes a record in place and re-indexes it (its days or listings may have moved). */
  update(id: number, change: (row: T) => void): T | undefined {
    const row = this.rows.get(id);
    if (!row) return undefined;
    this.unindex(id);
    change(row);
    this.index(row);
    return row;
  }

  /** Records of one listing (any days), unsorted. */
  ofListing(listingId: number): T[] {
    const ids = this.byListing.get(listingId);
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) out.push(this.rows.get(id)!);
    return out;
  }

  /** Records touching [from, to] (inclusive), optionally of one listing, sorted by first day then id. */
  query(from: number, to: number, listingId?: number): T[] {
    const out: T[] = [];
    if (listingId !== undefined) {
      for (const row of this.ofListing(listingId)) {
        const p = this.placed.get(row.id)!;
        if (p.start <= to && p.end >= from) out.push(row);
      }
    } else {
      for (let day = from - this.maxSpan; day <= to; day++) {
        const ids = this.byStart.get(day);
        if (!ids) continue;
        for (const id of ids) {
          if (this.placed.get(id)!.end >= from) out.push(this.rows.get(id)!);
        }
      }
    }
    return out.sort((a, b) => this.placed.get(a.id)!.start - this.placed.get(b.id)!.start || a.id - b.id);
  }

  private index(row: T): void {
    const p = this.place(row);
    const placement = { listings: [...p.listings], start: p.start, end: Math.max(p.start, p.end) };
    this.placed.set(row.id, placement);
    this.maxSpan = Math.max(this.maxSpan, placement.end - placement.start);
    for (const l of placement.listings) addTo(this.byListing, l, row.id);
    addTo(this.byStart, placement.start, row.id);
  }

  private unindex(id: number): void {
    const p = this.placed.get(id);
    if (!p) return;
    for (const l of p.listings) this.byListing.get(l)?.delete(id);
    this.byStart.get(p.start)?.delete(id);
    this.placed.delete(id);
  }
}

function addTo(map: Map<number, Set<number>>, key: number, id: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}
