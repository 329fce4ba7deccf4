// A form field's message from the shared write schema (shared/api) the main
// side validates the same value with: limits live there once (lengths, whole
// numbers, ranges, real dates), and the form says them in the UI language.
import type { z } from 'zod';
import { isRuleCode, ruleOfMessage, type RuleCode } from '../../../shared/domain/field-rules';
import type { MessageKey } from '../i18n/i18n.svelte';

export interface FieldMessage {
  key: MessageKey;
  max?: number;
}

type Issue = z.core.$ZodIssue;

/** The words of a domain rule (shared/domain/field-rules.ts) in the UI language. */
export const ruleKey = (rule: RuleCode): MessageKey => `validation.rule.${rule}`;

/**
 * A main-side field error's message (English, shared/api/validation.ts) as a message key
 * when it is a domain rule's sentence; null for any other message.
 */
export function ruleKeyOfMessage(message: string): MessageKey | null {
  const rule = ruleOfMessage(message);
  return rule ? ruleKey(rule) : null;
}

/** The message of one zod issue, by its kind (the English sentence of the schema is for the main side's errors). */
function messageOf(issue: Issue): FieldMessage {
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validation.tooLong', max: Number(issue.maximum) };
      return { key: Number(issue.maximum) === 999 ? 'validation.count' : 'validation.tooLarge' };
    case 'too_small':
      return issue.origin === 'string' ? { key: 'validation.required' } : { key: 'validation.count' };
    case 'invalid_type':
      return { key: issue.expected === 'int' ? 'validation.wholeNumber' : 'validation.number' };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.invalid' };
    case 'invalid_union': {
      // The first alternative is the documented form (e.g. key numbers: a count, or text).
      const first = issue.errors[0]?.[0];
      return first ? messageOf(first) : { key: 'validation.invalid' };
    }
    case 'custom':
      // A domain rule (a document's check letter, a name's characters, a money field's sign) names itself.
      if (isRuleCode(issue.params?.['rule'])) return { key: ruleKey(issue.params['rule']) };
      // The write primitives' refinements: real dates and times of day.
      if (/date/i.test(issue.message)) return { key: 'validation.date' };
      if (/time/i.test(issue.message)) return { key: 'validation.time' };
      return { key: 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** The first problem the write schema finds with a field's value, or null when it accepts it. */
export function schemaError(schema: z.ZodType, value: unknown): FieldMessage | null {
  const r = schema.safeParse(value);
  const issue = r.success ? undefined : r.error.issues[0];
  return issue ? messageOf(issue) : null;
}
