import { describe, expect, it } from 'vitest';
import { moneySignProblem } from './money-signs';

describe('booking money signs', () => {
  it('only prepaid may be negative (the spec)', () => {
    expect(moneySignProblem('prepaid', -50)).toBeNull();
    for (const f of ['paid', 'total', 'deposit', 'tourist_tax'] as const) {
      expect(moneySignProblem(f, -0.01)).toBe('money.negative');
      expect(moneySignProblem(f, 0)).toBeNull();
    }
  });
});
