// The team bench's scenario at a small size (bench/suites/team.ts runs it at
// full size): five engines on one simulator with churn for a simulated hour,
// editing the day's tasks and bookings, some the same records.
// Nothing lost, nothing applied twice, conflicts exactly where two engines set
// the same field to different values, every token within its budget, and
// every cache equal to the server at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { teamDay } from './run';

const dir = mkdtempSync(join(tmpdir(), 'stayboard-team-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a team on one business', () => {
  it('loses nothing, applies nothing twice, conflicts only where two engines disagreed, ends equal', async () => {
    const r = await teamDay(
      {
        engines: 5,
        listings: 10,
        latencyMs: 150,
        churnPerMinute: 1,
        seed: 5,
        dir,
        startsAt: '08:00',
        hours: 1,
        editEveryMs: 60_000,
        warmupMin: 10,
        settleMin: 10,
        pollMs: 30_000,
      },
      () => undefined,
    );
    expect(r.problems).toEqual([]);
    expect(r.edits).toBeGreaterThan(50);
    expect(r.patterns.differentValues).toBeGreaterThan(0);
    expect(r.shownConflicts).toBeGreaterThan(0);
    expect(r.shownConflicts).toBe(r.expectedConflicts);
    expect(r.lost).toBe(0);
    expect(r.appliedTwice).toBe(0);
    expect(r.refused).toBe(0);
    expect(r.tooMany).toBe(0);
    expect(r.busiestTokenHour).toBeLessThan(5000);
    expect(r.unseen).toBe(0);
    expect(r.cache.records).toBeGreaterThan(0);
    expect(r.cache.examples).toEqual([]);
    expect(r.cache.differences).toBe(0);
  }, 600_000);
});
