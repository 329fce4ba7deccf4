// The names of the domain rules a field value can break (a document number's
// check letter, a name's characters, a money field's sign), each with the one
// English sentence the main side's field errors carry. The forms word the same
// code in the person's language (renderer/src/i18n: `validation.rule.<code>`);
// the rules themselves live beside their subject (identity-documents.ts,
// person-names.ts, money-signs.ts) and answer a code or null.

export const RULE_MESSAGES = {
  /** A Spanish identity document (DNI): 8 digits and a letter. */
  'dni.format': 'must be 8 digits and a letter (a Spanish DNI)',
  /** A DNI or NIE whose check letter is not the one its digits give. */
  'id.letter': 'the check letter does not match the number',
  /** A Spanish passport: 3 letters and 6 digits (older ones 2 letters). */
  'passportEs.format': 'must be 3 letters and 6 digits (a Spanish passport)',
  /** A passport: 5 to 12 letters and digits, at least one digit. */
  'passport.format': 'must be 5 to 12 letters and digits, as printed in the passport',
  /** Another document: 4 to 20 letters and digits (single spaces or hyphens between), at least one digit. */
  'document.format': 'must be 4 to 20 letters and digits, as printed on the document',
  /** A number with no document type: only letters, digits, spaces and hyphens. */
  'document.chars': 'may hold only letters, digits, spaces and hyphens',
  /** A person's name: letters, marks, spaces, apostrophes and hyphens, with at least one letter. */
  'name.chars': 'may hold only letters, spaces, apostrophes and hyphens',
  /** An invisible or text-direction control character (zero-width, right-to-left override…). */
  'name.invisible': 'holds an invisible or text-direction character',
  /** A money field the spec does not let be negative. */
  'money.negative': 'cannot be negative',
} as const;

export type RuleCode = keyof typeof RULE_MESSAGES;
export const RULE_CODES = Object.keys(RULE_MESSAGES) as RuleCode[];

/** True when `v` names a rule (a zod issue's `params.rule`, read back on the renderer). */
export function isRuleCode(v: unknown): v is RuleCode {
  return typeof v === 'string' && Object.hasOwn(RULE_MESSAGES, v);
}

/** The rule whose English sentence `message` is (a main-side field error read back), or null. */
export function ruleOfMessage(message: string): RuleCode | null {
  return RULE_CODES.find((code) => RULE_MESSAGES[code] === message) ?? null;
}
