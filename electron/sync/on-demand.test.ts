// The person's fetch of what a document lacks, against the simulator: a month
// sync never fetches (its windows run from a week back) comes in at user
// priority, in the requests said beforehand, and the statement then counts the
// server's own stays; offline, out of budget or rate-limited, nothing is sent
// and the document is marked INCOMPLETE; a day's registration list needs two
// rounds (the arrivals, then their guests); no request carries a local id.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../simulator';
import type { CoverageSubjectArgs } from '../../shared/contract';
import { LIVE_STATES, ownerStatement } from '../cache/queries';
import { monthDays } from '../cache/queries/owners';
import { ownerStatementPdf } from '../documents/owner-statement';
import { registrationDocument } from '../documents/registration';
import { pdfText } from '../documents/testing/look';
import type { Engine } from '../engine';
import { coverageAnswer, coverageFetched } from '../../shared/contract/commands/coverage';
import { checkCoverage as check, fetchCoverage as fetch } from './coverage-answers';
import { engineRig } from './testing/engines';
import { serverNights } from './testing/server-counts';

const TODAY = '2026-06-10';
const MONTH = '2026-02';
const rig = engineRig(TODAY);

/** A signed-in engine after a full pass: everything sync fetches, nothing of MONTH. */
async function synced(sim: Simulator, extra: Parameters<typeof rig.engine>[0] = {}): Promise<Engine> {
  const e = rig.engine(extra);
  await rig.signIn(e, sim);
  const pass = await e.syncNow({ full: true, waitForBudget: false });
  expect(pass.failed).toBe(0);
  return e;
}

/** The owner with the most listings, and those listings. */
function busyOwner(e: Engine): { id: number; listings: number[] } {
  const row = e.db.get<{ owner_id: number }>(
    'SELECT owner_id FROM listings WHERE owner_id IS NOT NULL GROUP BY owner_id ORDER BY count(*) DESC, owner_id LIMIT 1',
  )!;
  return {
    id: row.owner_id,
    listings: e.db.pluck<number>('SELECT id FROM listings WHERE owner_id = ? ORDER BY id', [row.owner_id]),
  };
}

// Every answer as the contract checks it on its way out (the dispatcher refuses one that does not fit).
const checkCoverage = (...a: Parameters<typeof check>) => coverageAnswer.parse(check(...a));
const fetchCoverage = async (...a: Parameters<typeof fetch>) => coverageFetched.parse(await fetch(...a));

const statementInput = (id: number) => ({ id, month: MONTH, format: 'pdf' as const, locale: 'en' as const });
const statementOf = (id: number): CoverageSubjectArgs => ({
  of: 'documents.ownerStatement',
  input: statementInput(id),
});

describe('the person’s fetch of what a document lacks', { timeout: 90_000 }, () => {
  it('a month never fetched: said first (gaps, requests), fetched at user priority, then the server’s own numbers', async () => {
    const sim = await rig.simulator();
    const e = await synced(sim);
    const owner = busyOwner(e);
    const subject = statementOf(owner.id);

    const before = checkCoverage(e.coverage(), subject);
    expect(before.complete).toBe(false);
    expect(before.fetch).toBe('ready');
    expect(before.gaps).toEqual([
      { resource: 'bookings', from: '2026-02-01', to: '2026-02-28', listingIds: owner.listings, bookingNumbers: null },
    ]);
    expect(before.requests).toBe(1); // every listing at once: this server allows it
    expect(before.estimateMs).toBeGreaterThan(0);

    const admitted = e.governor.snapshot().admitted;
    const served = sim.counters()['bookings.list'] ?? 0;
    const got = await fetchCoverage(e.coverage(), subject);
    expect(got.parts.map((p) => p.outcome)).toEqual(['fetched']);
    expect(got.requests).toBe(before.requests);
    expect(got.after.complete).toBe(true);
    expect((sim.counters()['bookings.list'] ?? 0) - served).toBe(before.requests);
    // Through the one governor, at the person's priority.
    expect(e.governor.snapshot().admitted.user - admitted.user).toBe(before.requests);
    expect(e.governor.snapshot().admitted.today).toBe(admitted.today);
    expect(e.governor.snapshot().admitted.deep).toBe(admitted.deep);

    const theirs = await serverNights(await rig.reader(sim), owner.listings, MONTH);
    const ours = ownerStatement(e.db, owner.id, MONTH)!;
    const byId = [...ours.listings].sort((a, b) => a.id - b.id);
    expect(byId.map((l) => ({ id: l.id, stays: l.stays, nights: l.nights }))).toEqual(
      owner.listings.map((id) => ({ id, ...theirs.get(id)! })),
    );
    expect([...theirs.values()].some((t) => t.nights > 0)).toBe(true);
    const made = await ownerStatementPdf(e.db, {
      ...statementInput(owner.id),
      received: { missing: [], asOf: Date.now() },
    });
    const pdf = pdfText(made.bytes).join('\n');
    expect(pdf).not.toContain('INCOMPLETE');
  });

  it('offline: nothing is sent, each part says so, and the statement is made INCOMPLETE naming what is missing', async () => {
    const sim = await rig.simulator();
    const e = await synced(sim, { transportOptions: { requestTimeoutMs: 2000, connectTimeoutMs: 1000 } });
    const owner = busyOwner(e);
    sim.setOnline(false);
    // The one connectivity state learns it from any request (here the person's first try).
    const first = await fetchCoverage(e.coverage(), statementOf(owner.id));
    expect(first.parts.map((p) => [p.outcome, p.reason])).toEqual([['offline', 'unreachable']]);
    expect(first.after.complete).toBe(false);
    expect(first.after.fetch).toBe('offline');
    // Known unreachable now: the next ask sends nothing at all.
    const requests = sim.requestLog().length;
    const again = await fetchCoverage(e.coverage(), statementOf(owner.id));
    expect(again.requests).toBe(0);
    expect(again.parts.map((p) => p.outcome)).toEqual(['offline']);
    expect(sim.requestLog().length).toBe(requests);

    const c = checkCoverage(e.coverage(), statementOf(owner.id));
    const file = await ownerStatementPdf(e.db, {
      ...statementInput(owner.id),
      received: { missing: c.gaps, asOf: null },
    });
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain('Owner statement — INCOMPLETE');
    expect(text).toMatch(/Bookings · 1 Feb 2026 – 28 Feb 2026 · listings: /);
    expect(file.filename).toMatch(/-INCOMPLETE\.pdf$/);
  });

  it('out of budget, or told by the server its hour is spent: nothing is sent, the part says so, and the answer says until when', async () => {
    const sim = await rig.simulator();
    const e = await synced(sim, { settings: { budgetPerHour: 1_000_000 } });
    const owner = busyOwner(e);
    // The person's share of the hour used up (the limit lowered under what this token already spent).
    e.governor.setLimit(e.governor.snapshot().used + 1);
    const budget = checkCoverage(e.coverage(), statementOf(owner.id));
    expect(budget.fetch).toBe('budget');
    expect(budget.until).not.toBeNull();
    const served = sim.requestLog().length;
    const got = await fetchCoverage(e.coverage(), statementOf(owner.id));
    expect(got.parts.map((p) => p.outcome)).toEqual(['budget']);
    expect(sim.requestLog().length).toBe(served);

    // A server that says its hour is spent (X-RateLimit-Remaining: 0) pauses the token: the same answer, until then.
    const throttled = await rig.simulator({ rateLimit: { limit: 1, windowSeconds: 600 } });
    const t = rig.engine();
    await rig.signIn(t, throttled);
    await t.client!.request('origins.list', { once: true });
    const paused = checkCoverage(t.coverage(), { of: 'board', date: TODAY });
    expect(paused.fetch).toBe('budget');
    expect(Date.parse(paused.until!)).toBeGreaterThan(Date.now() + 60_000);
  });

  it('a day’s registration list: its arrivals, then their guests, in two rounds', async () => {
    const sim = await rig.simulator();
    const e = await synced(sim);
    // A day of MONTH with arrivals on the server.
    const reader = await rig.reader(sim);
    const { first, last } = monthDays(MONTH);
    const all = await reader.list('bookings.list', { query: { start_date: first, end_date: last } });
    const arrivals = all.items
      .map((i) => i.value)
      .filter((b) => b.start_date >= first && LIVE_STATES.includes(b.state));
    const day = arrivals[0]!.start_date;
    const input = { document: 'dayList' as const, date: day, locale: 'en' as const };
    const subject: CoverageSubjectArgs = { of: 'documents.registration', input };

    const before = checkCoverage(e.coverage(), subject);
    expect(before.gaps.map((g) => g.resource)).toEqual(['bookings']);
    expect(before.more).toBe(true);
    const got = await fetchCoverage(e.coverage(), subject);
    expect(got.parts.map((p) => [p.gap.resource, p.outcome])).toEqual([
      ['bookings', 'fetched'],
      ['guests', 'fetched'],
    ]);
    expect(got.after.complete).toBe(true);
    const file = await registrationDocument(e.db, { ...input, received: { missing: [], asOf: null } });
    expect(pdfText(file!.bytes).join('\n')).not.toContain('Guests not received from the server yet');
  });

  it('never sends a local id: a booking made here needs nothing, a job naming one is refused before any request', async () => {
    const sim = await rig.simulator();
    const e = await synced(sim);
    const local = checkCoverage(e.coverage(), { of: 'messages', bookingNumber: -3 });
    expect(local).toMatchObject({ complete: true, requests: 0 });
    const served = sim.requestLog().length;
    const onDemand = e.coverage().onDemand!;
    const r = await onDemand.run([
      {
        gap: { resource: 'threads', from: null, to: null, listingIds: null, bookingNumbers: [-3] },
        jobs: [{ kind: 'threads', bookingNumber: -3 }],
      },
    ]);
    expect(r.parts.map((p) => [p.outcome, p.reason])).toEqual([['failed', 'internal']]);
    expect(sim.requestLog().length).toBe(served);
  });

  it('estimates time from the latency it sees', async () => {
    const sim = await rig.simulator({ faults: { latencyMs: 120 } });
    const e = rig.engine();
    await rig.signIn(e, sim);
    const calendar: CoverageSubjectArgs = { of: 'calendar', from: '2025-11-01', to: '2026-01-31', listingIds: [1, 2] };
    for (let i = 0; i < 5; i++) await e.client!.list('origins.list', { priority: 'user' });
    const c = checkCoverage(e.coverage(), calendar);
    expect(c.requests).toBe(2); // bookings and blocks, every listing at once
    // Four at a time: two requests are one round of the median latency seen (≥ 120 ms).
    expect(c.estimateMs).toBeGreaterThanOrEqual(120);
    expect(c.estimateMs).toBeLessThan(1_000);
  });
});
