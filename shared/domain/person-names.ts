// What a person's first name and surname may hold (guests and customers: the
// police registration copies them): letters of any script with their marks,
// spaces, apostrophes and hyphens, at least one letter. Invisible characters
// and text-direction controls (a right-to-left override shows "Smith" as
// "htimS" and hides what was typed) are refused with a reason of their own, so
// the person knows to type the name again rather than look for a wrong letter.
// One rule for every form and for the main side before queueing.
import type { RuleCode } from './field-rules';

/**
 * Format characters (zero-width spaces and joiners, direction marks, embeddings,
 * overrides and isolates, the byte-order mark, the soft hyphen…), control
 * characters, and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\u2028\u2029]/u;

/** Letters and their marks, spaces, apostrophes (' ’ ʼ) and hyphens (- ‐). */
const NAME = /^[\p{L}\p{M} '’ʼ\-‐]+$/u;
const LETTER = /\p{L}/u;

/** What is wrong with a first name or surname, or null when it is acceptable (empty: not this rule's business). */
export function personNameProblem(value: string): RuleCode | null {
  if (INVISIBLE.test(value)) return 'name.invisible';
  const v = value.trim();
  if (v === '') return null;
  return NAME.test(v) && LETTER.test(v) ? null : 'name.chars';
}
