import { describe, expect, it } from 'vitest';
import { checkLetter, documentNumberProblem } from './identity-documents';

describe('identity document numbers per document type', () => {
  it('computes the DNI / NIE check letter', () => {
    expect(checkLetter('12345678')).toBe('Z');
    expect(checkLetter('00000000')).toBe('T');
    // X1234567 → 01234567
    expect(checkLetter('01234567')).toBe('L');
  });

  it('a Spanish identity document (2) is a DNI with its own letter', () => {
    expect(documentNumberProblem(2, '12345678Z')).toBeNull();
    expect(documentNumberProblem(2, ' 12345678z ')).toBeNull();
    expect(documentNumberProblem(2, '12345678A')).toBe('id.letter');
    expect(documentNumberProblem(2, 'ABC')).toBe('dni.format');
    expect(documentNumberProblem(2, '1234567Z')).toBe('dni.format');
    expect(documentNumberProblem(2, '12345678-Z')).toBe('dni.format');
    // An NIE is not a DNI.
    expect(documentNumberProblem(2, 'X1234567L')).toBe('dni.format');
  });

  it('residence permits (4, 7) check the letter of a number shaped like an NIE', () => {
    for (const type of [4, 7]) {
      expect(documentNumberProblem(type, 'X1234567L')).toBeNull();
      expect(documentNumberProblem(type, 'Y1234567X')).toBeNull();
      expect(documentNumberProblem(type, 'X1234567A')).toBe('id.letter');
      // Another country's permit: letters and digits.
      expect(documentNumberProblem(type, 'RP 2041 7731')).toBeNull();
      expect(documentNumberProblem(type, 'ABC')).toBe('document.format');
    }
  });

  it('passports: the Spanish one is 3 letters and 6 digits; others 5–12 letters and digits', () => {
    expect(documentNumberProblem(1, 'PAA123456')).toBeNull();
    expect(documentNumberProblem(1, 'AB123456')).toBeNull();
    expect(documentNumberProblem(1, '12345678Z')).toBe('passportEs.format');
    expect(documentNumberProblem(5, 'C01X00T47')).toBeNull();
    expect(documentNumberProblem(5, '533380006')).toBeNull();
    expect(documentNumberProblem(5, 'ABC')).toBe('passport.format');
    expect(documentNumberProblem(5, 'ABCDEFGH')).toBe('passport.format');
    expect(documentNumberProblem(5, 'PA-123456')).toBe('passport.format');
  });

  it('a driving licence shaped like a DNI has its letter checked; another document is letters and digits', () => {
    expect(documentNumberProblem(3, '12345678Z')).toBeNull();
    expect(documentNumberProblem(3, '12345678A')).toBe('id.letter');
    expect(documentNumberProblem(3, 'MORGA657054SM9IJ')).toBeNull();
    // A foreign identity card may look like an NIE: no letter check.
    expect(documentNumberProblem(6, 'X1234567A')).toBeNull();
    expect(documentNumberProblem(6, 'CA00000AA')).toBeNull();
    expect(documentNumberProblem(6, 'ABCD')).toBe('document.format');
    expect(documentNumberProblem(6, '12.345')).toBe('document.format');
  });

  it('with no type: a DNI-shaped number has its letter checked, anything else only its characters', () => {
    expect(documentNumberProblem(null, '12345678A')).toBe('id.letter');
    expect(documentNumberProblem(null, '12345678Z')).toBeNull();
    expect(documentNumberProblem(null, 'G-1')).toBeNull();
    expect(documentNumberProblem(null, 'a/b')).toBe('document.chars');
    expect(documentNumberProblem(undefined, '')).toBeNull();
    // An empty number is the registration's business, not this rule's.
    expect(documentNumberProblem(2, '  ')).toBeNull();
  });
});
