import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from './testing/examples';
import { boardAnswer, mergeBoardAnswer, type BoardAnswer } from './board-answer';
import type { BoardRow } from './views';

const example = COMMAND_EXAMPLES['board.day'].output;
const row = (id: number, name = `L${id}`): BoardRow => ({ ...example.rows[0]!, listing: { id, name, city: 'Sitges' } });
const whole = (id: string, rows: BoardRow[]): BoardAnswer => ({ ...example, id, rows, base: null, order: null });
const since = (id: string, base: string, rows: BoardRow[], order: number[]): BoardAnswer => ({
  ...example,
  id,
  rows,
  base,
  order,
});

describe('board answers', () => {
  it('a whole answer is taken as it is, held or not', () => {
    const a = whole('r.1', [row(1)]);
    expect(mergeBoardAnswer(undefined, a)).toBe(a);
    expect(mergeBoardAnswer(whole('r.0', []), a)).toBe(a);
    expect(boardAnswer.safeParse(a).success).toBe(true);
  });

  it('rebuilds the whole board from the rows held and those changed, in the order given', () => {
    const held = whole('r.1', [row(1), row(2), row(3)]);
    const changed = row(2, 'renamed');
    const added = row(4);
    const merged = mergeBoardAnswer(held, since('r.2', 'r.1', [added, changed], [4, 2, 1]))!;
    expect(merged.rows).toEqual([added, changed, held.rows[0]]); // 3 gone
    expect(merged).toMatchObject({ id: 'r.2', base: null, order: null });
    expect(boardAnswer.safeParse(merged).success).toBe(true);
  });

  it('cannot build on an answer other than the one held, or name a row neither has', () => {
    const held = whole('r.1', [row(1)]);
    expect(mergeBoardAnswer(held, since('r.3', 'r.2', [], [1]))).toBeNull();
    expect(mergeBoardAnswer(undefined, since('r.3', 'r.1', [], [1]))).toBeNull();
    expect(mergeBoardAnswer(held, since('r.3', 'r.1', [], [1, 9]))).toBeNull();
  });
});
