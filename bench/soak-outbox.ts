// The outbox soak: the randomized fault suite of electron/outbox/faults.test.ts
// at length. Usage:
//   tsx bench/soak-outbox.ts --runs 1000 [--phases 3] [--worlds 4] [--from 1] [--settle 100]
// Each run is seeded (seed = from + i) and replayable alone with --from <seed> --runs 1.
// Prints failing seeds with what went wrong, totals, and "N passed, N failed";
// exits 1 when any run had a problem.
import { runMany, totals } from '../electron/outbox/testing/runs';
import { startWorld } from '../electron/outbox/testing/world';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const v = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number`);
  return v;
}

const runs = option('runs', 1000);
const phases = option('phases', 3);
const worldCount = Math.max(1, option('worlds', 4));
const from = option('from', 1);
const settleMs = option('settle', 100);

const started = Date.now();
const worlds = await Promise.all(Array.from({ length: worldCount }, (_, i) => startWorld(31 + i)));
let done = 0;
let failed = 0;
try {
  const seeds = Array.from({ length: runs }, (_, i) => from + i);
  const reports = await runMany(worlds, seeds, { phases, settleMs }, (r) => {
    done++;
    if (r.problems.length) {
      failed++;
      console.log(`seed ${r.seed}: ${r.problems.length} problem(s)`);
      for (const p of r.problems.slice(0, 80)) console.log(`    ${p}`);
    }
    if (done % 50 === 0 || done === runs)
      console.error(`soak: ${done}/${runs} runs, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
  const t = totals(reports);
  console.log(
    `\noutbox soak: ${runs} runs × ${phases} phases in ${((Date.now() - started) / 1000).toFixed(0)} s — ` +
      `${t.edits} edits, ${t.creates} creates, ${t.deletes} deletes, ${t.otherWrites} writes by another user, ` +
      `${t.lateEdits} edits while replaying, ` +
      `${t.conflicts} conflicts surfaced, ${t.kills} engine kills, ${t.signIns} sign-ins again, ` +
      `${t.expectedRejections} expected refusals, ${t.requests} requests`,
  );
  console.log(`${runs - failed} passed, ${failed} failed`);
} finally {
  await Promise.all(worlds.map((w) => w.close()));
}
process.exit(failed ? 1 : 0);
