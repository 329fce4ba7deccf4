import { describe, expect, it } from 'vitest';
import { createLogger, memorySink } from '../log/log';
import { EventBus } from './bus';

describe('event bus', () => {
  it('delivers checked payloads to every subscriber until it unsubscribes', () => {
    const bus = new EventBus();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = bus.subscribe((e, p) => a.push([e, p]));
    bus.subscribe((e, p) => b.push([e, p]));
    const connectivity = {
      kind: 'unreachable' as const,
      since: '2026-05-04T09:59:00.000Z',
      until: null,
      lastAnswerAt: '2026-05-04T09:58:00.000Z',
      nextProbeAt: '2026-05-04T10:00:05.000Z',
    };
    bus.emit('connectivity.changed', { connectivity, at: '2026-05-04T10:00:00.000Z' });
    offA();
    bus.emit('cache.changed', { resources: ['bookings'] });
    expect(a).toEqual([['connectivity.changed', { connectivity, at: '2026-05-04T10:00:00.000Z' }]]);
    expect(b).toHaveLength(2);
    expect(bus.size).toBe(1);
  });

  it('drops a malformed payload (and says so in the log) instead of forwarding it', () => {
    const sink = memorySink();
    const bus = new EventBus(createLogger({ sinks: [sink] }));
    const got: unknown[] = [];
    bus.subscribe((e) => got.push(e));
    bus.emit('cache.changed', { resources: ['passwords'] } as never);
    bus.emit('cache.changed', { resources: [] });
    expect(got).toEqual([]);
    expect(sink.lines.join('')).toContain('dropped malformed cache.changed event');
  });

  it('strips payload fields outside the contract', () => {
    const bus = new EventBus();
    const got: unknown[] = [];
    bus.subscribe((_e, p) => got.push(p));
    bus.emit('session.expired', { message: 'Sign in again.', password: 'x' } as never);
    expect(got).toEqual([{ message: 'Sign in again.' }]);
  });

  it('keeps delivering when one subscriber throws', () => {
    const bus = new EventBus();
    const got: unknown[] = [];
    bus.subscribe(() => {
      throw new Error('window gone');
    });
    bus.subscribe((e) => got.push(e));
    bus.emit('session.expired', { message: 'x' });
    expect(got).toEqual(['session.expired']);
  });
});
