// The page's contact with the background process: a lost answer marks it
// lost, it looks again on the shared back-off, and coming back tells the
// screens to read again; a command this version lacks is not a lost contact.
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result, type StayboardBridge } from '../../../shared/contract';
import { BridgeLink, RECONNECT, whenReconnected, type LinkTimers } from './link.svelte';

class ManualTimers implements LinkTimers {
  waits: number[] = [];
  private due: (() => void)[] = [];
  set(fn: () => void, ms: number) {
    this.waits.push(ms);
    this.due.push(fn);
    return this.due.length;
  }
  clear() {
    this.due = [];
  }
  /** Runs what is due, as the clock would. */
  fire() {
    const due = this.due;
    this.due = [];
    for (const fn of due) fn();
  }
  get pending() {
    return this.due.length;
  }
}

function rig() {
  let answer: () => Result<unknown> = () => ok({});
  let dropped: (() => void) | null = null;
  const asked: string[] = [];
  const raw = {
    invoke: (name: string) => {
      asked.push(name);
      return Promise.resolve(answer());
    },
    on: () => () => undefined,
    onDrop: (fn: () => void) => {
      dropped = fn;
      return () => (dropped = null);
    },
  } as unknown as StayboardBridge;
  const timers = new ManualTimers();
  const link = new BridgeLink(raw, { timers, random: () => 0.5 });
  let backs = 0;
  whenReconnected(link.bridge, () => backs++);
  return {
    link,
    timers,
    asked,
    backs: () => backs,
    answer: (a: () => Result<unknown>) => (answer = a),
    drop: () => dropped?.(),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('BridgeLink', () => {
  it('marks the link lost on a "disconnected" answer and looks again until an answer comes', async () => {
    const r = rig();
    r.answer(() => fail('disconnected', 'socket closed'));
    const res = await r.link.bridge.invoke('board.day', { date: '2026-01-01' });
    expect(res).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    expect(r.link.lost).toBe(true);

    r.timers.fire();
    await settle();
    expect(r.link.lost).toBe(true);
    expect(r.asked.at(-1)).toBe('app.info');
    expect(r.timers.waits).toEqual([RECONNECT.baseMs, RECONNECT.baseMs * 2]);

    r.answer(() => ok({}));
    r.timers.fire();
    await settle();
    expect(r.link.lost).toBe(false);
    expect(r.backs()).toBe(1);
    expect(r.timers.pending).toBe(0);
  });

  it('hears a dropped socket at once, without waiting for a call', async () => {
    const r = rig();
    r.answer(() => fail('disconnected', 'refused'));
    r.drop();
    expect(r.link.lost).toBe(true);
    expect(r.timers.pending).toBe(1);
    r.answer(() => ok({}));
    r.timers.fire();
    await settle();
    expect(r.link.lost).toBe(false);
  });

  it('comes back on any answer, even a refusal: the process answered', async () => {
    const r = rig();
    r.drop();
    r.answer(() => fail('not_signed_in', 'sign in'));
    await r.link.bridge.invoke('sync.status', {});
    expect(r.link.lost).toBe(false);
    expect(r.backs()).toBe(1);
  });

  it('does not count a command this version lacks as a lost contact', async () => {
    const r = rig();
    r.answer(() => fail('not_implemented', 'not built'));
    await r.link.bridge.invoke('board.day', { date: '2026-01-01' });
    r.answer(() => fail('unknown_command', 'no such command'));
    await r.link.bridge.invoke('board.day', { date: '2026-01-01' });
    expect(r.link.lost).toBe(false);
    expect(r.timers.pending).toBe(0);
  });

  it('turns a transport that throws into a "disconnected" answer', async () => {
    const r = rig();
    r.answer(() => {
      throw new Error('preload missing');
    });
    expect(await r.link.bridge.invoke('sync.status', {})).toMatchObject({
      ok: false,
      error: { code: 'disconnected', message: 'preload missing' },
    });
    expect(r.link.lost).toBe(true);
  });
});
