// Benchmark: a team on one business (issue 18). Five real engines — each its
// own cache and its own login, so its own token and request budget — on one
// simulator over loopback HTTP for a simulated working day with churn, every
// request taking 150 ms of clock time (a manual clock: hours in seconds, no
// real sleeps). Each edits the day's tasks and bookings through its outbox,
// some the same records as another (same field same value, same field
// different values, different fields); the run is bench/team/run.ts. Figures:
// the busiest sliding hour of any token vs its limit (and no 429), how soon
// each engine holds the others' changes (p95, vs the max age of today's lists),
// edits lost, writes applied twice, conflicts shown vs expected, and fields
// where a cache differs from the server at the end. --quick: a smaller
// business for two hours (bench/team/team.test.ts runs it smaller still).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POLICY } from '../../electron/sync/policy';
import { median, nowMs, percentile } from '../stats';
import { teamDay } from '../team/run';
import type { BenchRow, BenchSuite } from '../types';

const LIMIT = 5000;

export const suite: BenchSuite = {
  name: 'team',
  async run({ quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-bench-team-'));
    const listings = quick ? 40 : 150;
    const hours = quick ? 2 : 8;
    const engines = 5;
    try {
      const t0 = nowMs();
      const r = await teamDay(
        {
          engines,
          listings,
          latencyMs: 150,
          churnPerMinute: quick ? 2 : 4,
          seed: 18,
          dir,
          startsAt: '07:00',
          hours,
          editEveryMs: 30_000,
          warmupMin: 15,
          settleMin: 15,
          pollMs: 10_000,
        },
        log,
      );
      const seconds = (nowMs() - t0) / 1000;
      for (const p of r.problems.slice(0, 10)) log(`problem: ${p}`);
      const size = `${engines} engines, ${listings} listings, ${hours} h + churn`;
      log(`${size}: ${r.edits} edits in ${seconds.toFixed(0)} s; requests per engine ${r.requests.join(' / ')}`);
      const seenP95 = percentile(r.delays, 95);
      const maxAgeMin = DEFAULT_POLICY.maxAge.near / 60_000;
      const pairs = `${r.patterns.alone} alone; pairs: ${r.patterns.sameValue} same field same value, ${r.patterns.differentValues} same field different values, ${r.patterns.differentFields} different fields`;
      const rows: BenchRow[] = [
        {
          id: 'team.busiest_token_hour',
          what: `requests in the busiest sliding hour of any engine's token (${size})`,
          figure: r.busiestTokenHour,
          unit: 'requests',
          baseline: LIMIT,
          baselineWhat: 'limit per token',
          ratio: r.busiestTokenHour / LIMIT,
          goal: '< limit, no 429',
          ok: r.busiestTokenHour < LIMIT && r.tooMany === 0,
          spread: `${r.tooMany} × 429; busiest engine (all its tokens) ${r.busiestEngineHour}; ${seconds.toFixed(0)} s`,
        },
        {
          id: 'team.others_changes_seen_p95_min',
          what: "time until each engine holds another engine's applied change — p95",
          figure: seenP95,
          unit: 'min',
          baseline: maxAgeMin,
          baselineWhat: "today's lists' max age",
          goal: `≤ ${maxAgeMin} min`,
          ok: seenP95 <= maxAgeMin && r.unseen === 0,
          spread: `${r.delays.length} sightings (change × other engine), median ${median(r.delays).toFixed(1)} / max ${Math.max(...r.delays).toFixed(1)} min, looked every 10 s; ${r.unseen} not held at the end`,
        },
        {
          id: 'team.lost',
          what: 'edits lost (a field not holding what the edits must have left, or unsent at the end)',
          figure: r.lost,
          unit: 'edits',
          baseline: r.edits,
          baselineWhat: 'edits made',
          goal: '0 (and none refused)',
          ok: r.lost === 0 && r.refused === 0,
          spread: `${r.refused} refused`,
          better: 'lower',
        },
        {
          id: 'team.applied_twice',
          what: "writes the server applied more often than the edits call for (the simulator's mutation log)",
          figure: r.appliedTwice,
          unit: 'writes',
          baseline: r.writes,
          baselineWhat: 'writes applied',
          goal: '0',
          ok: r.appliedTwice === 0,
          better: 'lower',
        },
        {
          id: 'team.conflicts_shown',
          what: 'conflicts shown vs expected (only where two engines set the same field to different values)',
          figure: r.shownConflicts,
          unit: 'conflicts',
          baseline: r.expectedConflicts,
          baselineWhat: 'expected',
          goal: '= expected, none elsewhere',
          ok: r.shownConflicts === r.expectedConflicts && r.problems.every((p) => !p.includes('conflict')),
          spread: pairs,
        },
        {
          id: 'team.cache_differences',
          what: "fields where a cache differs from the server at the end (the day's bookings, tasks, incidents)",
          figure: r.cache.differences,
          unit: 'fields',
          baseline: r.cache.fields,
          baselineWhat: 'fields compared',
          goal: '0',
          ok: r.cache.differences === 0,
          spread: `${r.cache.records} records over ${engines} caches${r.cache.examples.length ? `; e.g. ${r.cache.examples[0]}` : ''}`,
          better: 'lower',
        },
      ];
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
