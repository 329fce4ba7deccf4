// The first-day bench's scenario at a small size (bench/suites/firstday.ts
// runs it at 60 and 1,000 listings for three hours): a new account's first
// 40 simulated minutes on a business with churn, the server going away three
// times. Every outage is noticed within 15 s and every return, every online
// edit reaches the server within 10 s, today's lists stay within their age,
// and the token stays within its hour: no 429.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstDay } from './run';

const dir = mkdtempSync(join(tmpdir(), 'stayboard-firstday-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the first hours of a new account', () => {
  it('notices every outage and return, sends every online edit at once, keeps today fresh, never hits the limit', async () => {
    const r = await firstDay(
      {
        listings: 12,
        hours: 40 / 60,
        latencyMs: 150,
        churnPerMinute: 2,
        seed: 25,
        dir,
        outages: 3,
        editEveryMs: 60_000,
      },
      () => undefined,
    );
    expect(r.outages).toHaveLength(3);
    for (const w of r.outages) {
      expect(w.noticedMs).not.toBeNull();
      expect(w.noticedMs!).toBeLessThanOrEqual(15_000);
      expect(w.recoveredMs).not.toBeNull();
    }
    expect(r.edits.length).toBeGreaterThan(10);
    for (const ms of r.edits) expect(ms).toBeLessThanOrEqual(10_000);
    const from5 = r.minutes.filter((m) => m.minute >= 5);
    for (const m of from5) expect(m.todayAge).toBeLessThanOrEqual(5);
    expect(r.tooMany).toBe(0);
    expect(r.busiestHour).toBeLessThan(5000);
    expect(r.fortnightGuestsAt).not.toBeNull();
  }, 600_000);
});
