// The end of the team's day (bench/team): every engine's cache against the
// server, the day's records field by field — bookings staying over today,
// today's cleaning and maintenance tasks and incidents, as the API's own
// window lists answer them, read through a client of its own — each record in
// the form the cache keeps it (the table's `data`), and no record left with a
// mark of an unsent change.
import type { ApiClient } from '../../electron/api/client';
import type { Engine } from '../../electron/engine';
import { KIND_SPECS } from '../../electron/outbox/kinds';
import { sameValue } from '../../electron/outbox/kinds/fields';
import type { TableSpec } from '../../electron/cache/tables';

type DayKind = 'bookings' | 'cleaning' | 'maintenance' | 'incidents';
type ListName = 'bookings.list' | 'cleanings.list' | 'maintenance.list' | 'incidents.list';

/** Per kind: the list that answers the day, and the cache rows of the same day. */
const DAY: Record<DayKind, { list: ListName; where: string }> = {
  bookings: { list: 'bookings.list', where: '? BETWEEN start_date AND end_date' },
  cleaning: { list: 'cleanings.list', where: 'date = ?' },
  maintenance: { list: 'maintenance.list', where: 'date = ?' },
  incidents: { list: 'incidents.list', where: 'substr(date, 1, 10) = ?' },
};

export interface CacheCheck {
  records: number;
  fields: number;
  differences: number;
  /** The first few, in words. */
  examples: string[];
}

/** Every page of the day's list of one kind, as the shared read schemas give it. */
async function serverDay(client: ApiClient, name: ListName, day: string): Promise<Record<string, unknown>[]> {
  const query = { start_date: day, end_date: day };
  let page = await client.list(name, { query });
  const out = page.items.map((i) => i.value as Record<string, unknown>);
  while (page.next) {
    page = await client.listNext(name, page.next);
    out.push(...page.items.map((i) => i.value as Record<string, unknown>));
  }
  return out;
}

export type ServerDay = Map<DayKind, Map<number, Record<string, unknown>>>;

/** The day's records on the server now, by kind and id (read form). */
export async function readDay(client: ApiClient, day: string): Promise<ServerDay> {
  const out: ServerDay = new Map();
  for (const kind of Object.keys(DAY) as DayKind[]) {
    const table = KIND_SPECS[kind].table as TableSpec<Record<string, unknown>>;
    out.set(kind, new Map((await serverDay(client, DAY[kind].list, day)).map((v) => [Number(table.keyOf(v)), v])));
  }
  return out;
}

/** Compares every engine's cache with the server's day. */
export function compareCaches(engines: readonly Engine[], day: string, onServer: ServerDay): CacheCheck {
  const check: CacheCheck = { records: 0, fields: 0, differences: 0, examples: [] };
  const differ = (what: string) => {
    check.differences++;
    if (check.examples.length < 5) check.examples.push(what);
  };
  for (const kind of Object.keys(DAY) as DayKind[]) {
    const table = KIND_SPECS[kind].table as TableSpec<Record<string, unknown>>;
    const server = new Map([...onServer.get(kind)!].map(([id, v]) => [id, table.data(v)]));
    for (const [e, engine] of engines.entries()) {
      const rows = engine.db.all<{ key: number; data: string; outbox_mark: string | null }>(
        `SELECT "${table.key}" AS key, data, outbox_mark FROM "${table.table}" WHERE ${DAY[kind].where}`,
        [day],
      );
      const cached = new Map(rows.map((r) => [r.key, r]));
      for (const id of new Set([...server.keys(), ...cached.keys()])) {
        check.records++;
        const s = server.get(id);
        const c = cached.get(id);
        if (!s || !c) {
          differ(`engine ${e}: ${kind} ${id} is ${s ? 'on the server only' : 'in the cache only'}`);
          continue;
        }
        if (c.outbox_mark) differ(`engine ${e}: ${kind} ${id} still marked ${c.outbox_mark}`);
        const mine = JSON.parse(c.data) as Record<string, unknown>;
        for (const field of new Set([...Object.keys(s), ...Object.keys(mine)])) {
          check.fields++;
          if (!sameValue(s[field], mine[field]))
            differ(
              `engine ${e}: ${kind} ${id}.${field}: cache ${JSON.stringify(mine[field])} ≠ server ${JSON.stringify(s[field])}`,
            );
        }
      }
    }
  }
  return check;
}
