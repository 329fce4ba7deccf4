import { describe, expect, it } from 'vitest';
import { personNameProblem } from './person-names';

describe('person names', () => {
  it('takes letters of any script, marks, spaces, apostrophes and hyphens', () => {
    for (const name of [
      'Núria',
      'Puig i Vidal',
      "O'Brien",
      'D’Alembert',
      'Jean-Luc',
      'Łukasz',
      'Zoë',
      'Müller',
      'محمد',
      '山田',
      'Mª José',
    ])
      expect(personNameProblem(name), name).toBeNull();
    // A decomposed accent (e + combining acute) is a letter and its mark.
    expect(personNameProblem('Jose\u0301')).toBeNull();
  });

  it('refuses emoji, digits and other signs', () => {
    for (const name of ['😀😀', 'Anna2', 'Smith & Co', 'J. R.', '---', "''"])
      expect(personNameProblem(name), name).toBe('name.chars');
  });

  it('refuses invisible and text-direction characters with a reason of their own', () => {
    for (const name of [
      'Smith\u202E',
      '\u202Ehtims',
      'Ana\u200B',
      'Ana\u200D',
      '\uFEFFAna',
      'Ana\u2066x\u2069',
      'Ana\u00AD',
      'Ana\u0007',
    ])
      expect(personNameProblem(name), JSON.stringify(name)).toBe('name.invisible');
  });

  it('leaves an empty name to the required check', () => {
    expect(personNameProblem('')).toBeNull();
    expect(personNameProblem('   ')).toBeNull();
  });
});
