// Field-by-field comparison before an update is sent (replay-update.ts
// compare): fields that are one decision (a block's dates) conflict together,
// so resolving one with "theirs" can never send my end with their start.
import { describe, expect, it } from 'vitest';
import { compare } from './replay-update';

const block = (start: string, end: string) => ({
  value: { id: 7, listing_id: 101, block_type: 1, start_date: start, end_date: end, reason: 'Paint' },
  raw: {},
});

describe('compare', () => {
  it("asks about both of a block's dates when only one conflicts", () => {
    // Another user moved the start; I moved both dates earlier.
    const { toSend, conflicts } = compare(
      'blocks',
      { start_date: '2026-09-19', end_date: '2026-09-20' },
      { start_date: '2026-09-25', end_date: '2026-09-26' },
      block('2026-09-24', '2026-09-26'),
    );
    expect(toSend).toEqual({});
    expect(conflicts.map((c) => [c.field, c.mine, c.theirs])).toEqual([
      ['start_date', '2026-09-19', '2026-09-24'],
      ['end_date', '2026-09-20', '2026-09-26'],
    ]);
  });

  it('sends both dates when nobody else moved them, and other fields apart', () => {
    const { toSend, conflicts } = compare(
      'blocks',
      { start_date: '2026-09-19', end_date: '2026-09-20', block_type: 4 },
      { start_date: '2026-09-25', end_date: '2026-09-26', block_type: 2 },
      block('2026-09-25', '2026-09-26'),
    );
    expect(conflicts.map((c) => c.field)).toEqual(['block_type']);
    expect(toSend).toEqual({ start_date: '2026-09-19', end_date: '2026-09-20' });
  });
});
