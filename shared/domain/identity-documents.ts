// What an identity document's number must look like, per document type of
// the code tables (shared/codes/tables/document-types.json): a Spanish DNI and
// an NIE carry a check letter computed from their digits, a Spanish passport is
// 3 letters and 6 digits, other passports and documents are letters and digits.
// One rule for every guest and customer form and for the main side before
// queueing. The spec is silent on formats; these choices are kept here:
// - 2 Identity document (Spain): a DNI, 8 digits and its letter, nothing else.
// - 1 Passport (Spain): 3 letters and 6 digits (2 letters on older ones).
// - 5 Passport: 5–12 letters and digits with at least one digit (ICAO numbers are 9).
// - 4 Residence permit, 7 Foreign residence permit: a number shaped like an NIE
//   (X, Y or Z, 7 digits, a letter) has its letter checked; else as another document.
// - 3 Driving licence (a Spanish one's number is the holder's DNI): a number shaped
//   like a DNI has its letter checked; else as another document.
// - 6 Identity document (another country's): 4–20 letters and digits, single spaces
//   or hyphens between, at least one digit (no letter check: a German card can look
//   like an NIE).
// - No type (a customer's number): a number shaped like a DNI has its letter checked;
//   otherwise only letters, digits, spaces and hyphens.
// Letters are compared in capitals; the value is sent as typed.
import type { RuleCode } from './field-rules';

const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const DNI = /^(\d{8})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;

/** The check letter of a DNI's 8 digits (an NIE's: X→0, Y→1, Z→2 in front of its 7). */
export function checkLetter(digits: string): string {
  return CHECK_LETTERS[Number(digits) % 23]!;
}

function dniProblem(v: string): RuleCode | null {
  const m = DNI.exec(v);
  if (!m) return 'dni.format';
  return checkLetter(m[1]!) === m[2] ? null : 'id.letter';
}

function nieLetterProblem(v: string): RuleCode | null {
  const m = NIE.exec(v)!;
  return checkLetter(`${'XYZ'.indexOf(m[1]!)}${m[2]!}`) === m[3] ? null : 'id.letter';
}

const hasDigit = (v: string) => /\d/.test(v);

function otherProblem(v: string): RuleCode | null {
  const bare = v.replace(/[ -]/g, '');
  return /^[A-Z0-9]+(?:[ -][A-Z0-9]+)*$/.test(v) && bare.length >= 4 && bare.length <= 20 && hasDigit(bare)
    ? null
    : 'document.format';
}

/** The check per document type id (see the header for why each). */
const BY_TYPE: Readonly<Record<number, (v: string) => RuleCode | null>> = {
  1: (v) => (/^[A-Z]{2,3}\d{6}$/.test(v) ? null : 'passportEs.format'),
  2: dniProblem,
  3: (v) => (DNI.test(v) ? dniProblem(v) : otherProblem(v)),
  4: (v) => (NIE.test(v) ? nieLetterProblem(v) : otherProblem(v)),
  5: (v) => (/^[A-Z0-9]{5,12}$/.test(v) && hasDigit(v) ? null : 'passport.format'),
  6: otherProblem,
  7: (v) => (NIE.test(v) ? nieLetterProblem(v) : otherProblem(v)),
};

function untypedProblem(v: string): RuleCode | null {
  if (DNI.test(v)) return dniProblem(v);
  return /^[A-Z0-9 -]*$/.test(v) ? null : 'document.chars';
}

/**
 * What is wrong with a document number for a document type (null: no type
 * chosen, or one this table does not know), or null when it is acceptable.
 * An empty number is not this rule's business (whether it is required is the
 * registration's: registration.ts).
 */
export function documentNumberProblem(typeId: number | null | undefined, value: string): RuleCode | null {
  const v = value.trim().toUpperCase();
  if (v === '') return null;
  const check = typeof typeId === 'number' ? BY_TYPE[typeId] : undefined;
  return check ? check(v) : untypedProblem(v);
}
