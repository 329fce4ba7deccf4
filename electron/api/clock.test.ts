// The main process's turns: slices of long work waiting for the event loop go one per turn.
import { describe, expect, it } from 'vitest';
import { nextTask } from './clock';

describe('nextTask', () => {
  it('lets one waiting slice through per turn of the event loop, so other work runs between any two', async () => {
    const order: string[] = [];
    const slices = (name: string) =>
      (async () => {
        for (let i = 1; i <= 3; i++) {
          await nextTask();
          order.push(`${name}${i}`);
        }
      })();
    const work = [slices('a'), slices('b')];
    // Other work of the loop (a renderer's call, a timer) asks for a turn now, and again each time it runs.
    let others = 0;
    const other = () => {
      order.push('other');
      if (++others < 6) setImmediate(other);
    };
    setImmediate(other);
    await Promise.all(work);
    // Never two slices in one turn: each turn of the loop holds at most one of them.
    for (let i = 1; i < order.length; i++)
      expect(order[i] === 'other' || order[i - 1] === 'other', order.join(' ')).toBe(true);
    expect(order.filter((o) => o !== 'other').sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });

  it('a single waiter goes on at the next turn, and the turns stop when nobody waits', async () => {
    let ran = false;
    const p = nextTask().then(() => (ran = true));
    expect(ran).toBe(false);
    await p;
    expect(ran).toBe(true);
    await nextTask();
  });
});
