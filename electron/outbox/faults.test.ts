// The randomized fault suite (seeded): random edits made offline while another
// user changes and deletes the same records, replayed against the simulator
// with resets before and after processing, 5xx, 429, timeouts, token expiry
// and kills of the engine at random instants followed by restarts on the same
// database, while the person edits again the fields of updates whose request
// just failed (outcome unknown) or is leaving. Every run must end with nothing
// lost, no create applied twice (the simulator's mutation log), every conflict
// surfaced and none the app made with its own writes, and cache equal to the
// server for the records it touched. OUTBOX_FAULT_RUNS changes the count;
// `npm run bench`'s soak script (bench/soak-outbox.ts --runs 1000) does more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMany, totals } from './testing/runs';
import { startWorld, type World } from './testing/world';

const RUNS = Number(process.env['OUTBOX_FAULT_RUNS'] ?? 200);
const WORLDS = 4;
let worlds: World[] = [];

beforeAll(async () => {
  worlds = await Promise.all(Array.from({ length: WORLDS }, (_, i) => startWorld(31 + i)));
});
afterAll(async () => {
  await Promise.all(worlds.map((w) => w.close()));
});

describe('the outbox on a bad day', () => {
  it(`${RUNS} seeded runs: 0 lost edits, 0 duplicated creates, every conflict surfaced, cache = server`, async () => {
    const seeds = Array.from({ length: RUNS }, (_, i) => i + 1);
    const reports = await runMany(worlds, seeds, { phases: 2 });
    const failed = reports.filter((r) => r.problems.length > 0);
    const t = totals(reports);
    console.log(
      `outbox fault suite: ${reports.length} runs, ${t.edits} edits, ${t.creates} creates, ${t.deletes} deletes, ` +
        `${t.otherWrites} writes by the other user, ${t.lateEdits} edits while replaying, ${t.conflicts} conflicts surfaced, ${t.kills} kills, ` +
        `${t.requests} requests; ${failed.length} runs with problems`,
    );
    // The lines that would let anyone replay a failure: seed and what went wrong.
    expect(failed.slice(0, 5).map((r) => ({ seed: r.seed, problems: r.problems.slice(0, 6) }))).toEqual([]);
    expect(t.conflicts).toBeGreaterThan(0);
    expect(t.kills).toBeGreaterThan(0);
    expect(t.lateEdits).toBeGreaterThan(0);
  }, 240_000);
});
