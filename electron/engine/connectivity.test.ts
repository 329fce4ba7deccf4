// The engine's connectivity part on a fake clock: the tracker's changes
// become contract-shaped `connectivity.changed` events, coming back wakes
// sync and replay, and the watchdog's own timer raises `sync.stall` after the
// no-progress time with no event needed — and drops it when a change settles.
import { describe, expect, it } from 'vitest';
import { EVENTS, type OutboxEntry } from '../../shared/contract';
import { COMMAND_EXAMPLES } from '../../shared/contract/testing/examples';
import { ManualClock } from '../api/clock';
import { CONNECTIVITY_POLICY } from '../sync/policy';
import { EngineConnectivity } from './connectivity';

const example = COMMAND_EXAMPLES['outbox.list'].output[0]!;
const entry = (id: number): OutboxEntry => ({ ...example, id, state: 'pending', attempts: 0, error: null });

function setup() {
  const clock = new ManualClock();
  const events: { event: string; payload: unknown }[] = [];
  let entries: OutboxEntry[] = [];
  let woken = 0;
  const c = new EngineConnectivity({
    clock,
    policy: { ...CONNECTIVITY_POLICY, stallAfterMs: 60_000 },
    emit: (event, payload) => events.push({ event, payload }),
    entries: () => entries,
    onBack: () => woken++,
  });
  return {
    clock,
    c,
    events,
    setEntries: (e: OutboxEntry[]) => {
      entries = e;
    },
    woken: () => woken,
  };
}

describe('EngineConnectivity', () => {
  it('turns every change of the tracker into a contract event, and wakes sync when the server is back (not at the first answer)', () => {
    const { c, events, woken } = setup();
    c.tracker.report({ kind: 'answered' });
    c.tracker.report({ kind: 'network' });
    c.tracker.report({ kind: 'answered' });
    const changes = events.filter((e) => e.event === 'connectivity.changed');
    expect(changes.map((e) => (e.payload as { connectivity: { kind: string } }).connectivity.kind)).toEqual([
      'online',
      'unreachable',
      'online',
    ]);
    for (const e of changes) expect(() => EVENTS['connectivity.changed'].payload.parse(e.payload)).not.toThrow();
    // unknown → online is the session's first answer (a resumed start keeps its first-pass delay);
    // unreachable → online is the server coming back.
    expect(woken()).toBe(1);
  });

  it('raises the stall on its own timer after the no-progress time, and drops it once a change goes through', async () => {
    const { clock, c, events, setEntries } = setup();
    c.tracker.report({ kind: 'answered' });
    setEntries([entry(1), entry(2)]);
    c.checkStall(); // the outbox changed: two edits queued
    await clock.advance(59_000);
    expect(c.stallInfo()).toBeNull();
    await clock.advance(2_000);
    expect(c.stallInfo()).toMatchObject({ reason: 'noProgress', entryId: 1 });
    const raised = events.filter((e) => e.event === 'sync.stall');
    expect(raised).toHaveLength(1);
    expect(() => EVENTS['sync.stall'].payload.parse(raised[0]!.payload)).not.toThrow();

    setEntries([entry(2)]); // entry 1 was confirmed
    c.checkStall();
    expect(c.stallInfo()).toBeNull();
    expect(events.filter((e) => e.event === 'sync.stall').at(-1)!.payload).toEqual({ stall: null });
    c.close();
  });

  it('never calls it a stall while the server is unreachable', async () => {
    const { clock, c, setEntries } = setup();
    c.tracker.report({ kind: 'network' });
    setEntries([entry(1)]);
    c.checkStall();
    await clock.advance(10 * 60_000);
    expect(c.stallInfo()).toBeNull();
    c.close();
  });
});
