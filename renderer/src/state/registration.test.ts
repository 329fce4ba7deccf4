import { describe, expect, it } from 'vitest';
import { deadlineState } from './registration';

describe('deadlineState', () => {
  const at = (s: string) => new Date(s).getTime();
  it('reads the deadline as local wall time: overdue once passed, soon within six hours', () => {
    expect(deadlineState('2026-06-11T17:30', at('2026-06-11T17:31'))).toBe('overdue');
    expect(deadlineState('2026-06-11T17:30', at('2026-06-11T12:00'))).toBe('soon');
    expect(deadlineState('2026-06-11T17:30', at('2026-06-11T11:00'))).toBe('later');
  });
  it('treats an unreadable deadline as overdue rather than hiding it', () => {
    expect(deadlineState('garbage', at('2026-06-11T11:00'))).toBe('overdue');
  });
});
