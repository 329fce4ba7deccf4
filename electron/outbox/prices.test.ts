// Daily prices and rates through the outbox, against the simulator: a season
// set in one action is ONE prices.update with a date range; overlapping edits
// coalesce (later wins per day and field); a day changed on the server
// meanwhile is a conflict of that day and field; a lost answer is settled by
// reading the prices back, never by sending again; rates are read back.
import { describe, expect, it } from 'vitest';
import type { FaultConfig } from '../../simulator/types';
import { listPrices, priceGrid } from '../cache/queries/prices';
import { exportList } from '../documents/exports';
import { parseCsv } from '../documents/testing/look';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedPrices } from './testing/seed';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 7, listings: 3, today: TODAY });

type Day = { date: string; price: number; min_days: number | null; cta: number | boolean };
async function serverDays(rate: number, from: string, to: string): Promise<Map<string, Day>> {
  const r = (await on.other.get(`/prices/${rate}?start_date=${from}&end_date=${to}`)) as { data: Day[] };
  return new Map(r.data.map((d) => [d.date, d]));
}

async function device(): Promise<{ dev: Device; rate: number }> {
  const dev = on.device();
  const rates = await seedPrices(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2026-09-30' });
  return { dev, rate: rates[0]! };
}

/** A device with listing 101's rates and prices; faults are reset after. */
async function withDevice(fn: (dev: Device, rate: number) => Promise<void> | void): Promise<void> {
  const { dev, rate } = await device();
  try {
    await fn(dev, rate);
  } finally {
    on.sim.resetFaults();
    await dev.close();
  }
}

const log = () => on.sim.requestLog().filter((r) => r.endpoint !== 'auth.login');
const mutationsSince = (seq: number, endpoint: string) =>
  on.sim.mutations().filter((m) => m.seq > seq && m.endpoint === endpoint && m.result === 'applied');
const cached = (dev: Device, rate: number, date: string) =>
  dev.db.get<{ price: number; min_days: number | null; cta: number }>(
    'SELECT price, min_days, cta FROM prices WHERE rate_id = ? AND date = ?',
    [rate, date],
  );
const edits = (dev: Device, rate: number) =>
  dev.db.get<{ data: string; outbox_mark: string | null }>(
    'SELECT data, outbox_mark FROM price_edits WHERE rate_id = ?',
    [rate],
  );

describe('prices.update', () => {
  it('a 14-day season in one action: shown at once, sent as ONE request with one date range, then in the cache', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      const seq = on.sim.mutations().at(-1)?.seq ?? 0;
      o.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-07-01', '2026-07-14'], price: 187.5, min_days: 4 }] },
      });
      const view = JSON.parse(edits(dev, rate)!.data) as { days: Record<string, { price: number }> };
      expect(view.days['2026-07-07']).toMatchObject({ price: 187.5, min_days: 4 });
      expect(JSON.parse(edits(dev, rate)!.outbox_mark!)).toMatchObject({ state: 'pending' });

      const mark = on.mark();
      await o.drain({ untilSettled: true });
      expect(on.requestsSince(mark)).toEqual(['prices.get', 'prices.update', 'prices.get']);
      expect(mutationsSince(seq, 'prices.update').map((m) => m.body)).toEqual([
        { dates: [{ date: ['2026-07-01', '2026-07-14'], price: 187.5, min_days: 4 }] },
      ]);
      const server = await serverDays(rate, '2026-06-30', '2026-07-15');
      expect(server.get('2026-07-01')).toMatchObject({ price: 187.5, min_days: 4 });
      expect(server.get('2026-07-14')).toMatchObject({ price: 187.5, min_days: 4 });
      expect(server.get('2026-07-15')?.price).not.toBe(187.5);
      expect(cached(dev, rate, '2026-07-10')).toMatchObject({ price: 187.5, min_days: 4 });
      expect(edits(dev, rate)).toBeUndefined();
      expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
    }));

  it('a confirmed change forgets the availability fetched before it on those days of that rate, and only those', () =>
    withDevice(async (dev, rate) => {
      // What sync wrote earlier: the rate's nights not available (a closed season), another rate's too.
      const put = (r: number, date: string) =>
        dev.db.run(
          `INSERT INTO availability (listing_id, date, rate_id, available, mu, category_id)
           VALUES (101, ?, ?, 0, 0, NULL)`,
          [date, r],
        );
      for (const d of ['2026-07-01', '2026-07-02', '2026-07-03']) put(rate, d);
      put(rate + 1000, '2026-07-01');
      dev.current.outbox.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-07-01', '2026-07-02'], price: 150, active: 1 }] },
      });
      await dev.current.outbox.drain({ untilSettled: true });
      const left = dev.db.rows('SELECT date, rate_id FROM availability ORDER BY date, rate_id');
      expect(left).toEqual([
        ['2026-07-01', rate + 1000],
        ['2026-07-03', rate],
      ]);
    }));

  it('overlapping edits coalesce: the later wins per day and field, one request per rate', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      const seq = on.sim.mutations().at(-1)?.seq ?? 0;
      o.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-08-01', '2026-08-10'], price: 100 }] },
      });
      o.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-08-05', '2026-08-12'], price: 120 }] },
      });
      o.enqueue('prices.update', { id: rate, changes: { dates: [{ date: ['2026-08-07', '2026-08-08'], cta: 1 }] } });
      await o.drain({ untilSettled: true });
      expect(mutationsSince(seq, 'prices.update').map((m) => m.body)).toEqual([
        {
          dates: [
            { date: ['2026-08-01', '2026-08-04'], price: 100 },
            { date: ['2026-08-05', '2026-08-06'], price: 120 },
            { date: ['2026-08-07', '2026-08-08'], price: 120, cta: 1 },
            { date: ['2026-08-09', '2026-08-12'], price: 120 },
          ],
        },
      ]);
      const server = await serverDays(rate, '2026-08-01', '2026-08-12');
      expect(server.get('2026-08-04')?.price).toBe(100);
      expect(server.get('2026-08-08')).toMatchObject({ price: 120 });
      expect([true, 1]).toContain(server.get('2026-08-08')?.cta);
      expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    }));

  it('a day changed on the server meanwhile is a conflict of that day and field; nothing is sent', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      const base = cached(dev, rate, '2026-09-03')!.price;
      o.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-09-01', '2026-09-05'], price: 140 }] },
      });
      await on.other.put(`/prices/${rate}`, { dates: [{ date: '2026-09-03', price: 333 }] });
      const seq = on.sim.mutations().at(-1)?.seq ?? 0;
      await o.drain({ untilSettled: true });
      const [entry] = o.list({ states: ['conflict'] });
      expect(entry?.conflicts).toEqual([{ field: '2026-09-03.price', base, mine: 140, theirs: 333 }]);
      expect(mutationsSince(seq, 'prices.update')).toEqual([]);
      expect(JSON.parse(edits(dev, rate)!.outbox_mark!)).toMatchObject({ state: 'conflict' });
      // Keeping mine sends it, once.
      o.resolve({ id: entry!.id, choice: 'mine' });
      await o.drain({ untilSettled: true });
      expect(mutationsSince(seq, 'prices.update')).toHaveLength(1);
      expect((await serverDays(rate, '2026-09-03', '2026-09-03')).get('2026-09-03')?.price).toBe(140);
    }));

  it('a lost answer is settled by reading the prices back: applied once, never sent again', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      const seq = on.sim.mutations().at(-1)?.seq ?? 0;
      on.sim.setFaults({ resetAfterRate: 1, routes: ['prices.update'] });
      o.enqueue('prices.update', {
        id: rate,
        changes: { dates: [{ date: ['2026-07-20', '2026-07-22'], max_days: 9 }] },
      });
      const mark = log().length;
      await o.drain();
      on.sim.resetFaults();
      await o.drain({ untilSettled: true });
      // The one request sent lost its answer after the server applied it; nothing was sent again.
      const sent = log().slice(mark);
      expect(sent.filter((r) => r.endpoint === 'prices.update').map((r) => r.status)).toEqual(['reset']);
      expect(mutationsSince(seq, 'prices.update')).toHaveLength(1);
      expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
      expect(edits(dev, rate)).toBeUndefined();
    }));

  it('refuses before queueing a minimum stay longer than the maximum', () =>
    withDevice((dev, rate) => {
      expect(() =>
        dev.current.outbox.enqueue('prices.update', {
          id: rate,
          changes: { dates: [{ date: '2026-07-02', min_days: 9, max_days: 3 }] },
        }),
      ).toThrow(/minimum stay/);
      expect(dev.current.outbox.summary()).toMatchObject({ unsent: 0 });
    }));

  it('discarding an edit never sent shows the prices sync keeps meanwhile (not the values it was made against)', () =>
    withDevice((dev, rate) => {
      const o = dev.current.outbox;
      o.enqueue('prices.update', { id: rate, changes: { dates: [{ date: '2026-07-03', price: 1 }] } });
      const [entry] = o.list({ states: ['pending'] });
      dev.db.run("UPDATE prices SET price = 555 WHERE rate_id = ? AND date = '2026-07-03'", [rate]); // sync, meanwhile
      expect(listPrices(dev.db, rate, '2026-07-03', '2026-07-03')[0]?.price).toBe(1);
      o.discard({ id: entry!.id });
      expect(edits(dev, rate)).toBeUndefined();
      expect(listPrices(dev.db, rate, '2026-07-03', '2026-07-03')[0]?.price).toBe(555);
    }));
});

describe('rates.update', () => {
  it('renames a rate and confirms by reading it back', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      o.enqueue('rates.update', { id: rate, changes: { name: 'High season', modify_price: 12 } });
      const mark = on.mark();
      await o.drain({ untilSettled: true });
      expect(on.requestsSince(mark)).toEqual(['rates.get', 'rates.update', 'rates.get']);
      expect(await on.other.get(`/rates/${rate}`)).toMatchObject({ data: { name: 'High season' } });
      expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
    }));
});

describe('prices.update under faults', () => {
  // Each fault hits the prices.update request once; then the server behaves. Whatever happened,
  // the season is on the server exactly once and the cache shows what the server has.
  const FAULTS: { name: string; faults: Partial<FaultConfig> }[] = [
    { name: 'reset before the server saw it', faults: { resetBeforeRate: 1, routes: ['prices.update'] } },
    { name: 'reset after the server applied it', faults: { resetAfterRate: 1, routes: ['prices.update'] } },
    { name: 'a 5xx without applying it', faults: { errorRate: 1, errorRoutes: ['prices.update'] } },
    { name: 'reads failing while checking', faults: { errorRate: 1, errorRoutes: ['prices.get'] } },
  ];
  for (const [i, f] of FAULTS.entries()) {
    it(`${f.name}: applied once, confirmed, the cache equals the server`, () =>
      withDevice(async (dev, rate) => {
        const o = dev.current.outbox;
        const seq = on.sim.mutations().at(-1)?.seq ?? 0;
        const from = `2026-09-${String(10 + i * 4).padStart(2, '0')}`;
        const to = `2026-09-${String(12 + i * 4).padStart(2, '0')}`;
        on.sim.setFaults(f.faults);
        o.enqueue('prices.update', { id: rate, changes: { dates: [{ date: [from, to], price: 211 + i, ctd: 1 }] } });
        await o.drain();
        on.sim.resetFaults();
        await o.drain({ untilSettled: true });
        expect(mutationsSince(seq, 'prices.update')).toHaveLength(1);
        expect(o.summary()).toMatchObject({ unsent: 0 });
        const server = await serverDays(rate, from, to);
        expect([...server.values()].map((d) => d.price)).toEqual([211 + i, 211 + i, 211 + i]);
        expect(cached(dev, rate, to)).toMatchObject({ price: 211 + i });
      }));
  }
});

describe('prices.grid', () => {
  it('shows my unsent values with their state, and marks only the conflicting day and value', () =>
    withDevice(async (dev, rate) => {
      const o = dev.current.outbox;
      o.enqueue('prices.update', { id: rate, changes: { dates: [{ date: ['2026-07-25', '2026-07-27'], price: 99 }] } });
      const grid = () => priceGrid(dev.db, { listingId: 101, from: '2026-07-24', to: '2026-07-28' })!;
      const r = grid().rates.findIndex((x) => x.rate_id === rate);
      expect(grid().days[r]!.map((c) => [c.date, c.state, c.changed])).toEqual([
        ['2026-07-24', null, []],
        ['2026-07-25', 'pending', ['price']],
        ['2026-07-26', 'pending', ['price']],
        ['2026-07-27', 'pending', ['price']],
        ['2026-07-28', null, []],
      ]);
      expect(grid().days[r]![2]!.price).toBe(99);
      // The CSV export says the same, in the UI language: my value and its fate.
      const file = exportList(dev.db, {
        list: 'prices',
        query: { listingId: 101, from: '2026-07-24', to: '2026-07-28' },
        locale: 'es',
      });
      const rows = parseCsv(new TextDecoder().decode(file.bytes), ';');
      expect(rows[0]).toEqual([
        'Tarifa',
        'Fecha',
        'Precio',
        'Estancia mínima (noches)',
        'Estancia máxima (noches)',
        'A la venta',
        'Cerrado a llegadas',
        'Cerrado a salidas',
        'Tu cambio',
      ]);
      const day = rows.find((x) => x[1] === '2026-07-26');
      expect([day?.[2], day?.[8]]).toEqual(['99,00', 'Por enviar']);
      await on.other.put(`/prices/${rate}`, { dates: [{ date: '2026-07-26', price: 444 }] });
      await o.drain({ untilSettled: true });
      const days = grid().days[r]!;
      expect(days.map((c) => c.conflicts)).toEqual([[], [], ['price'], [], []]);
      // The day in conflict says so; the days held with it are waiting.
      expect(days.map((c) => c.state)).toEqual([null, 'pending', 'conflict', 'pending', null]);
      // The listing detail and quotes read the same values.
      expect(listPrices(dev.db, rate, '2026-07-25', '2026-07-25')[0]?.price).toBe(99);
    }));
});
