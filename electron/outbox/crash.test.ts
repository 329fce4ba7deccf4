// Real process kills: the engine runs in a child process and is SIGKILLed
// right after it marked a request as sending, and right after the server
// answered but before the answer was recorded. A new process on the same
// database file then finishes the work: nothing lost, nothing applied twice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { listGuests } from '../cache/queries/bookings';
import { Device } from './testing/rig';
import { seedBooking, seedListing, seedPrices } from './testing/seed';
import { OtherUser } from './testing/world';

const TODAY = '2026-06-15';
let sim: Simulator;
let dir: string;

beforeAll(async () => {
  // A little latency keeps every request on the wire long enough for a kill to land mid-flight.
  sim = await startSimulator({ seed: 13, listings: 3, today: TODAY, faults: { latencyMs: 15 } });
  dir = mkdtempSync(join(tmpdir(), 'stayboard-outbox-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const CHILD = fileURLToPath(new URL('./testing/child.ts', import.meta.url));
/** The repository root: where `tsx` resolves from. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the engine in a child process and SIGKILLs it at the n-th trace line of this type. */
function runAndKill(path: string, type: 'send' | 'answered', n: number): Promise<{ killed: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, sim.url, sim.user, sim.password], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let seen = 0;
  let killed = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith(`${type} `) && ++seen === n && !killed) {
      killed = true;
      child.kill('SIGKILL');
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve({ killed }));
  });
}

describe('killing the engine process', () => {
  it('at random points between sending and recording loses nothing and duplicates nothing', async () => {
    const path = join(dir, 'cache.db');
    const dev = new Device({ url: sim.url, user: sim.user, password: sim.password, path });
    await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-10', to: '2026-07-10' });
    const booking = dev.db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1')[0]!;
    await seedBooking(dev.db, dev.current.client, booking);
    const thread = dev.db.get<{ id: number }>('SELECT id FROM threads WHERE booking_number = ?', [booking]);
    const cleaning = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 3');
    const [rate] = await seedPrices(dev.db, dev.current.client, {
      listingId: 101,
      from: '2026-06-10',
      to: '2026-09-30',
    });
    const o = dev.current.outbox;
    o.enqueue('prices.update', {
      id: rate!,
      changes: { dates: [{ date: ['2026-08-03', '2026-08-16'], price: 321.45 }] },
    });
    for (const [i, id] of cleaning.entries()) {
      o.enqueue('cleaning.update', { id, changes: { notes: `kill test ${i}`, status: 1 } });
      o.enqueue('cleaning.update', { id, changes: { time: '11:45' } });
    }
    for (const g of ['KA', 'KB'])
      o.enqueue('guests.create', {
        bookingNumber: booking,
        guest: { name: 'Proc', lastname: g, number_id: `kill-${g}` },
      });
    if (thread) o.enqueue('messages.send', { bookingNumber: booking, threadId: thread.id, message: 'killed (k-1)' });
    o.enqueue('blocks.create', {
      block: {
        listing_id: '101',
        block_type: 1,
        start_date: '2026-11-02',
        end_date: '2026-11-04',
        reason: 'kill (k-2)',
      },
    });
    await dev.close();

    let evidence = 0;
    for (const [type, n] of [
      ['send', 1],
      ['answered', 1],
      ['send', 2],
      ['answered', 2],
    ] as const) {
      const { killed } = await runAndKill(path, type, n);
      if (!killed) break; // finished before the kill point: nothing left to kill
      const check = new Database(path, { readonly: true });
      evidence += (check.prepare(`SELECT count(*) AS n FROM outbox WHERE state = 'sending'`).get() as { n: number }).n;
      check.close();
    }
    // Killed between marking and answer: the evidence of an unknown outcome was on disk.
    expect(evidence).toBeGreaterThan(0);

    const after = new Device({ url: sim.url, user: sim.user, password: sim.password, path });
    await after.current.outbox.drain({ untilSettled: true });
    expect(after.current.outbox.summary()).toMatchObject({ unsent: 0 });
    const applied = (endpoint: string, marker: string) =>
      sim
        .mutations()
        .filter((m) => m.endpoint === endpoint && m.result === 'applied' && JSON.stringify(m.body).includes(marker));
    expect(applied('guests.create', 'kill-KA')).toHaveLength(1);
    expect(applied('guests.create', 'kill-KB')).toHaveLength(1);
    if (thread) expect(applied('threads.send', '(k-1)')).toHaveLength(1);
    expect(applied('blocks.create', '(k-2)')).toHaveLength(1);
    expect(applied('prices.update', '321.45')).toHaveLength(1);
    const days = (await new OtherUser(sim).get(`/prices/${rate!}?start_date=2026-08-03&end_date=2026-08-16`)) as {
      data: { price: number }[];
    };
    expect(days.data.map((d) => d.price)).toEqual(Array(14).fill(321.45));
    expect(listGuests(after.db, booking).filter((g) => g.number_id.startsWith('kill-'))).toHaveLength(2);
    const other = new OtherUser(sim);
    for (const [i, id] of cleaning.entries()) {
      const server = (await other.get(`/cleanings/${id}`)) as { data: Record<string, unknown> };
      expect(server.data).toMatchObject({ notes: `kill test ${i}`, status: 1, time: '11:45' });
    }
    await after.close();
  }, 60_000);
});
