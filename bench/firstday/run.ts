// A first day (bench/suites/firstday.ts, bench/firstday/firstday.test.ts): a
// new account signs in to a business on a simulator with churn, on a manual
// clock (every request takes `latencyMs` of clock time), the Today screen
// open, for `hours` simulated hours. The server goes away at random moments
// (seeded) and comes back; now and then the person edits one of today's
// cleaning tasks while the server is there. Read once a simulated minute:
// today's lists' age, the requests of every sliding hour of the token, how much
// of the next 14 days' guests is in, and what the engine says (paused for the
// budget, today complete). Timed from the engine's own events: when each
// outage was noticed and each recovery, when each edit reached the server (the
// simulator's mutation log, stamped on the same clock).
import type { Engine } from '../../electron/engine';
import { DEFAULT_POLICY } from '../../electron/sync/policy';
import { fortnightGuests, windowsFor } from '../../electron/sync/sources';
import { mulberry32, type Rng } from '../../simulator/prng';
import { busiestHour, todayListsAge } from '../day';
import { startTeam, TODAY, type Team } from '../team/team';

export interface FirstDayOptions {
  listings: number;
  hours: number;
  latencyMs: number;
  churnPerMinute: number;
  seed: number;
  dir: string;
  /** Outages over the run (each 30 s – 3 min, at seeded random moments, never two at once). */
  outages: number;
  /** An online edit of a today's cleaning task every so often (ms of clock time). */
  editEveryMs: number;
}

export interface Minute {
  minute: number;
  requests: number;
  /** Age of the oldest of today's lists (min; Infinity: one was never fetched). */
  todayAge: number;
  /** Share of the live bookings arriving in the next 14 days whose guests are in (0..1). */
  fortnightGuests: number;
  online: boolean;
  /** The engine says its background work is paused for the hour's budget. */
  paused: boolean;
}

export interface Outage {
  from: number;
  to: number;
  /** ms from the server going away until the engine said so (null: never, while it lasted). */
  noticedMs: number | null;
  /** The engine was paused for the hour's budget when the server went away. */
  paused: boolean;
  /** ms from the server coming back until the engine said online (null: not by the end). */
  recoveredMs: number | null;
}

export interface FirstDayResult {
  minutes: Minute[];
  outages: Outage[];
  /** ms from each online edit to the server applying it (Infinity: not applied by the end). */
  edits: number[];
  /** The minute of the run each edit was made in (beside `edits`). */
  editMinutes: number[];
  busiestHour: number;
  tooMany: number;
  requests: number;
  /** Minute at which every live booking arriving in the next 14 days had its guests in (null: not by the end). */
  fortnightGuestsAt: number | null;
}

const MIN = 60_000;

/** The live bookings arriving in [today, today+13]: the share of them whose guests were fetched (the planner's own count). */
function fortnightGuestsShare(engine: Engine): number {
  const r = fortnightGuests(engine.db, windowsFor(TODAY, DEFAULT_POLICY));
  return r.total === 0 ? 0 : r.done / r.total;
}

/** Seeded outages: `n` windows of 30 s – 3 min, spread over the run after the first minute, never overlapping. */
function outagesFor(rng: Rng, n: number, start: number, end: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const slot = (end - start - MIN) / Math.max(1, n);
  for (let i = 0; i < n; i++) {
    const length = rng.int(30, 180) * 1000;
    const from = start + MIN + Math.floor(i * slot + rng.next() * Math.max(0, slot - length - 30_000));
    out.push({ from, to: from + length });
  }
  return out;
}

/** Runs the first day and closes everything at the end. */
export async function firstDay(o: FirstDayOptions, log: (s: string) => void): Promise<FirstDayResult> {
  const team: Team = await startTeam({
    engines: 1,
    listings: o.listings,
    latencyMs: o.latencyMs,
    churnPerMinute: o.churnPerMinute,
    seed: o.seed,
    dir: o.dir,
    startsAt: '08:00',
  });
  const { day, sim } = team;
  const engine = team.engines[0]!;
  const rng = mulberry32(o.seed ^ 0x1dad);
  try {
    // What the app does once signed in: the Today screen opens and says what it shows.
    engine.setInterest({ screen: 'today', from: TODAY, to: TODAY });
    const start = day.clock.now();
    const end = start + o.hours * 3_600_000;
    const outages: Outage[] = outagesFor(rng, o.outages, start, end).map((w) => ({
      ...w,
      paused: false,
      noticedMs: null,
      recoveredMs: null,
    }));
    let serverUp = true;
    const changes: { at: number; kind: string }[] = [];
    engine.connectivity.tracker.on('change', (s: { kind: string }) =>
      changes.push({ at: day.clock.now(), kind: s.kind }),
    );
    const edits: { at: number; id: number; entryId: number }[] = [];
    let nextEdit = start + 5 * MIN;
    const minutes: Minute[] = [];
    let fortnightGuestsAt: number | null = null;
    const stamps = () => [...team.requests[0]!.byToken.values()].flat().sort((a, b) => a - b);

    for (let t = start; t < end;) {
      // Step to the next minute or the next outage edge, whichever comes first.
      const edges = outages.flatMap((w) => [w.from, w.to]).filter((x) => x > t);
      const next = Math.min(t + MIN - ((t - start) % MIN), ...edges, end);
      await day.run(next - t);
      t = day.clock.now();
      const down = outages.some((w) => w.from <= t && t < w.to);
      if (down === serverUp) {
        if (down) {
          const w = outages.find((x) => x.from <= t && t < x.to)!;
          w.paused = engine.status().plan?.pausedUntil != null;
        }
        sim.setOnline(!down);
        serverUp = !down;
      }
      // An online edit: the server there, the engine knowing it, no outage due within the minute (nor the end).
      const outageSoon = outages.some((w) => w.from > t && w.from - t < MIN) || end - t < 2 * MIN;
      if (serverUp && !outageSoon && t >= nextEdit && engine.connectivity.tracker.kind === 'online') {
        nextEdit = t + o.editEveryMs;
        const tasks = engine.db.all<{ id: number; time: string | null }>(
          'SELECT id, time FROM cleaning WHERE date = ? ORDER BY id',
          [TODAY],
        );
        if (tasks.length) {
          const task = rng.pick(tasks);
          // A time it does not have: an edit that changes nothing is confirmed without a request.
          let time = task.time;
          while (time === task.time)
            time = `${String(rng.int(8, 20)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`;
          const receipt = engine.outbox!.enqueue('cleaning.update', { id: task.id, changes: { time } });
          edits.push({ at: t, id: task.id, entryId: Array.isArray(receipt) ? receipt[0]!.entryId : receipt.entryId });
        }
      }
      if ((t - start) % MIN === 0) {
        const minute = (t - start) / MIN;
        const guests = fortnightGuestsShare(engine);
        // Complete from this minute on: a far list that brings more of the fortnight's bookings undoes it.
        if (guests < 1) fortnightGuestsAt = null;
        else fortnightGuestsAt ??= minute;
        const status = engine.status();
        minutes.push({
          minute,
          requests: stamps().length,
          todayAge: todayListsAge(engine, t),
          fortnightGuests: guests,
          online: serverUp,
          paused: status.plan?.pausedUntil != null,
        });
        if (minute % 30 === 0) {
          const m = minutes.at(-1)!;
          // The counts too: the share can stay while both grow (far lists bring more of the fortnight's bookings).
          const f = fortnightGuests(engine.db, windowsFor(TODAY, DEFAULT_POLICY));
          log(
            `minute ${minute}: ${m.requests} requests, today's lists ${m.todayAge.toFixed(1)} min old, ` +
              `14 days' guests ${(m.fortnightGuests * 100).toFixed(0)} % (${f.done} of ${f.total} bookings)` +
              `${m.paused ? ', paused for the budget' : ''}`,
          );
        }
      }
    }
    if (!serverUp) sim.setOnline(true);

    for (const w of outages) {
      const down = changes.find((c) => c.at >= w.from && (c.kind === 'unreachable' || c.kind === 'failing'));
      w.noticedMs = down && down.at <= w.to ? down.at - w.from : null;
      const up = changes.find((c) => c.at >= w.to && c.kind === 'online');
      w.recoveredMs = up ? up.at - w.to : null;
    }
    const applied = sim.mutations().filter((m) => m.actor === 'api' && m.endpoint === 'cleanings.update');
    const editDelays = edits.map((e) => {
      const m = applied.find((x) => x.id === e.id && x.at >= e.at);
      return m ? m.at - e.at : Infinity;
    });
    const all = stamps();
    return {
      minutes,
      outages,
      edits: editDelays,
      editMinutes: edits.map((e) => (e.at - start) / MIN),
      busiestHour: busiestHour(all),
      tooMany: team.requests[0]!.tooMany,
      requests: all.length,
      fortnightGuestsAt,
    };
  } finally {
    await team.close();
  }
}
