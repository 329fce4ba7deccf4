// The domain's field rules (shared/domain: document numbers, names, money
// signs) as parts of the strict write schemas: the main side refuses what they
// refuse before queueing, and every form checks its fields with the same
// schemas. A rule's issue carries its code (`params.rule`) so a form words it
// in the person's language; its message is the rule's one English sentence.
import type { z } from 'zod';
import { RULE_MESSAGES, type RuleCode } from '../domain/field-rules';
import { documentNumberProblem } from '../domain/identity-documents';
import { moneySignProblem, type BookingMoneyField } from '../domain/money-signs';
import { personNameProblem } from '../domain/person-names';

type Ctx = z.core.$RefinementCtx;

/** Adds the issue of `rule` (when not null) at `path`. */
export function ruleIssue(ctx: Ctx, rule: RuleCode | null, path: (string | number)[] = []): void {
  if (rule) ctx.addIssue({ code: 'custom', message: RULE_MESSAGES[rule], params: { rule }, path });
}

/** A write schema that also keeps a domain rule. */
export function ruled<S extends z.ZodType>(schema: S, problem: (v: z.output<S>) => RuleCode | null) {
  return schema.superRefine((v, ctx) => ruleIssue(ctx, problem(v)));
}

/** A first name or surname (see shared/domain/person-names.ts). */
export const personName = <S extends z.ZodType<string>>(schema: S) => ruled(schema, personNameProblem);

/** A booking money field with its sign rule (see shared/domain/money-signs.ts). */
export const bookingMoney = <S extends z.ZodType<number>>(field: BookingMoneyField, schema: S) =>
  ruled(schema, (v) => moneySignProblem(field, v));

/** A document number on its own: the checks that need no document type (a customer's; a guest's type is checked across fields). */
export const documentNumber = <S extends z.ZodType<string>>(schema: S) =>
  ruled(schema, (v) => documentNumberProblem(null, v));

/**
 * Across a person's fields: its document number fits its document type
 * (`typeKey`: `document_type_id`). A payload without the type is checked as a
 * number of no type when `whole` (a new guest: nothing else will say its type);
 * otherwise (an update) the type is the record's, and the main side checks the
 * number against it before queueing (electron/outbox/kinds/guests.ts).
 */
export function documentFitsType(typeKey: string, numberKey: string, whole = false) {
  return (v: Readonly<Record<string, unknown>>, ctx: Ctx): void => {
    const type = v[typeKey];
    const number = v[numberKey];
    if (typeof number !== 'string') return;
    if (typeof type === 'number') ruleIssue(ctx, documentNumberProblem(type, number), [numberKey]);
    else if (whole) ruleIssue(ctx, documentNumberProblem(null, number), [numberKey]);
  };
}
