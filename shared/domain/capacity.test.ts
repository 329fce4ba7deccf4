import { describe, expect, it } from 'vitest';
import { overCapacity, partySize } from './capacity';

describe('capacity', () => {
  it('counts adults and children, never infants, against the beds', () => {
    expect(partySize(2, 1)).toBe(3);
    expect(overCapacity(4, 2, 2)).toBe(false);
    expect(overCapacity(4, 3, 2)).toBe(true);
  });
  it('refuses nothing when the capacity is not known here', () => {
    expect(overCapacity(null, 40, 10)).toBe(false);
  });
});
