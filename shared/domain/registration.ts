// Guest registration for the police (Spain: SES.Hospedajes): which details a
// guest must have, from what age a document is needed, and by when a stay's
// guests must be reported. One source for the guest form (renderer) and the
// Registration view's query (main) — change the rule here, both follow.

/** Guest details (read-shape names) every registered guest needs. */
export const REGISTRATION_FIELDS = [
  'name',
  'lastname',
  'nationality',
  'sex',
  'date_birth',
  'document_type',
  'number_id',
  'date_issue',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Identity-document details: required from DOCUMENT_AGE_YEARS on. */
export const DOCUMENT_FIELDS: readonly RegistrationField[] = ['document_type', 'number_id', 'date_issue'];

/** Guests of this age or over are identified by a document. */
export const DOCUMENT_AGE_YEARS = 14;

/** Hours after arrival within which every guest must be reported. */
export const REPORT_WITHIN_HOURS = 24;

/** Age in whole years on a date (both YYYY-MM-DD). */
export function ageOn(birth: string, on: string): number {
  let years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  if (on.slice(5) < birth.slice(5)) years--;
  return years;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when a guest born on `birth` is a child who needs no document on `stayStart`. */
export function documentExempt(birth: unknown, stayStart: string): boolean {
  return typeof birth === 'string' && ISO_DATE.test(birth) && ageOn(birth, stayStart) < DOCUMENT_AGE_YEARS;
}

function blank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * The registration details a guest (read shape, or the local record of a
 * guest registered here) still lacks, in REGISTRATION_FIELDS order. A child
 * under 14 on the first day of the stay needs no document.
 */
export function missingForRegistration(
  guest: Readonly<Record<string, unknown>>,
  stayStart: string,
): RegistrationField[] {
  const exempt = documentExempt(guest['date_birth'], stayStart);
  return REGISTRATION_FIELDS.filter((f) => !(exempt && DOCUMENT_FIELDS.includes(f)) && blank(guest[f]));
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)/;

/**
 * When the stay's guests must have been reported: arrival time + 24 h, as a
 * local "YYYY-MM-DDTHH:MM". Without a readable arrival time the earliest
 * moment of the arrival day is assumed (the deadline is never later than the
 * real one).
 */
export function registrationDeadline(startDate: string, arrivalTime: string | null | undefined): string {
  const m = TIME.exec(arrivalTime ?? '');
  const hhmm = m ? `${m[1]}:${m[2]}` : '00:00';
  // Wall-clock arithmetic (through UTC, so no DST shift): a local time stays a local time.
  const t = Date.parse(`${startDate}T${hhmm}:00Z`) + REPORT_WITHIN_HOURS * 3_600_000;
  return new Date(t).toISOString().slice(0, 16);
}
