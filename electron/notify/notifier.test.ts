// The decision of what is shown: kinds switched off, quiet hours (across
// midnight too), nothing from sync before the first pass that brought data,
// refused changes told once (and again after another refusal), a stall once.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Notice, type OutboxEntry, type Settings } from '../../shared/contract';
import { COMMAND_EXAMPLES, EVENT_EXAMPLES } from '../../shared/contract/testing/examples';
import type { PassSummary } from '../sync/pass-report';
import { createNotifications, inQuietHours } from '.';

const incident: Notice = { kind: 'incident', incidentId: 5, priority: 'urgent', subtitle: null, listing: 'Casa' };
const pass = (p: Partial<PassSummary>): PassSummary =>
  ({ full: false, jobs: 3, failed: 0, stopped: null, ...p }) as PassSummary;

function setUp(settings: Partial<Settings> = {}, minute = 12 * 60) {
  const shown: Notice[] = [];
  const n = createNotifications({
    settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
    show: (e) => shown.push(e.notice),
    minuteOfDay: () => minute,
  });
  return { n, shown };
}

const entry = (id: number, state: OutboxEntry['state']): OutboxEntry => ({
  ...COMMAND_EXAMPLES['outbox.list'].output[0]!,
  id,
  state,
  subject: { ...COMMAND_EXAMPLES['outbox.list'].output[0]!.subject, name: `Change ${id}` },
});

describe('quiet hours', () => {
  it('spans the evening or midnight; the end minute is no longer quiet; unset or equal bounds mean none', () => {
    expect(inQuietHours('13:00', '15:00', 13 * 60)).toBe(true);
    expect(inQuietHours('13:00', '15:00', 15 * 60)).toBe(false);
    expect(inQuietHours('22:00', '07:00', 23 * 60)).toBe(true);
    expect(inQuietHours('22:00', '07:00', 6 * 60 + 59)).toBe(true);
    expect(inQuietHours('22:00', '07:00', 12 * 60)).toBe(false);
    expect(inQuietHours(null, '07:00', 3 * 60)).toBe(false);
    expect(inQuietHours('07:00', '07:00', 7 * 60)).toBe(false);
  });
});

describe('notifications', () => {
  it('holds back what sync brings until a pass brought data in (a budget stop counts; an offline one does not)', () => {
    const { n, shown } = setUp();
    expect(n.notifier.offer(incident)).toBe(false);
    n.onPass(pass({ stopped: 'offline', jobs: 2, failed: 2 }));
    expect(n.notifier.offer(incident)).toBe(false);
    n.onPass(pass({ stopped: 'budget' }));
    expect(n.notifier.offer(incident)).toBe(true);
    expect(shown).toEqual([incident]);
  });

  it('shows nothing of a kind switched off, nor anything in quiet hours', () => {
    const off = setUp({ notifyIncidents: false });
    off.n.onPass(pass({}));
    expect(off.n.notifier.offer(incident)).toBe(false);
    const subject = { name: 'x', booking: null, listing: null, owner: null, rate: null, from: null, to: null };
    expect(off.n.notifier.offer({ kind: 'stall', entryId: 1, resource: 'cleaning', subject })).toBe(true);
    const night = setUp({ quietFrom: '22:00', quietTo: '07:00' }, 23 * 60);
    night.n.onPass(pass({}));
    expect(night.n.notifier.offer(incident)).toBe(false);
    expect(night.shown).toEqual([]);
  });

  it('tells of each refused change once, not of those refused before it first looked, and again after a new refusal', () => {
    const { n, shown } = setUp();
    let refused = [entry(1, 'rejected')];
    n.onOutboxChanged([2], () => refused);
    expect(shown).toEqual([]);
    refused = [entry(1, 'rejected'), entry(2, 'conflict')];
    n.onOutboxChanged([2], () => refused);
    n.onOutboxChanged([2], () => refused);
    expect(shown).toEqual([
      { kind: 'refused', entryId: 2, resource: 'cleaning', subject: entry(2, 'conflict').subject, state: 'conflict' },
    ]);
    // Sent again (no longer refused), then refused again: told again.
    n.onOutboxChanged([2], () => [entry(1, 'rejected')]);
    n.onOutboxChanged([2], () => refused);
    expect(shown).toHaveLength(2);
  });

  it('tells of a stall when it starts, not on every repeat of the same one', () => {
    const { n, shown } = setUp();
    const stall = EVENT_EXAMPLES['sync.stall'].stall!;
    n.onStall(stall);
    n.onStall(stall);
    n.onStall(null);
    n.onStall(stall);
    expect(shown).toEqual([
      { kind: 'stall', entryId: stall.entryId, resource: stall.resource, subject: stall.subject },
      { kind: 'stall', entryId: stall.entryId, resource: stall.resource, subject: stall.subject },
    ]);
  });
});
