// The intranet-user form (Intranet users screen): the admin write fields with
// their limits from the shared write schemas (shared/api adminUpdate /
// adminCreate), the record in the form's terms, and the form's values turned
// back into the API's words — `active` as "true"/"false" and the date of birth
// in the spec's YYYY/MM/DD (the form shows a locale date and checks it is a
// real one). The choices offered for the language live here.
import { z } from 'zod';
import { adminCreate, adminUpdate, DEPARTMENTS, wDate, wEmail, wFlag01 } from '../../../shared/api';
import type { AdminRecord } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';
import { writeSpecs, type LocalSpec } from './form.svelte';

const FIELDS = {
  department: { kind: 'choice', required: true },
  user_type: { kind: 'choice' },
  iso_lang: { kind: 'choice' },
  active: { kind: 'flag01', schema: wFlag01 },
  name: { kind: 'text' },
  last_name: { kind: 'text' },
  // Edited as a locale date (YYYY-MM-DD once read), sent as YYYY/MM/DD.
  date_of_birth: { kind: 'dateOrNull', schema: wDate.nullable() },
  // Many users have none; the API cannot empty one (an emptied e-mail is left as it was).
  email: { kind: 'text', schema: z.union([z.literal(''), wEmail]) },
  phone: { kind: 'text' },
  address: { kind: 'text' },
  city: { kind: 'text' },
  zip_code: { kind: 'text' },
  notes: { kind: 'text' },
} as const satisfies Record<string, LocalSpec & { schema?: unknown }>;

export const ADMIN_SPECS = writeSpecs(adminUpdate.shape, { username: { kind: 'text', required: true }, ...FIELDS });
export const NEW_ADMIN_SPECS = writeSpecs(adminCreate.shape, { username: { kind: 'text', required: true }, ...FIELDS });
export type AdminField = keyof typeof ADMIN_SPECS;

/** The form's field order: the panel draws them two by two, then the wide ones. */
export const ADMIN_GRID: readonly AdminField[] = [
  'username',
  'department',
  'name',
  'last_name',
  'user_type',
  'iso_lang',
  'date_of_birth',
  'active',
  'email',
  'phone',
  'address',
  'city',
  'zip_code',
];

/** Languages offered (the spec: "language in ISO form, for example EN, ES"); a user's other code is kept. */
export const ADMIN_LANGUAGES = ['EN', 'ES', 'CA', 'FR', 'DE', 'IT', 'NL', 'PT'] as const;

/** A record (or a refused change's values over it, in write words) in the form's terms. */
export function adminToForm(a: Partial<AdminRecord> | Record<string, unknown>): Record<string, unknown> {
  const r = a as Record<string, unknown>;
  const dob = r['date_of_birth'];
  return {
    ...r,
    active: r['active'] === true || r['active'] === 'true',
    date_of_birth: typeof dob === 'string' ? dob.replaceAll('/', '-') : null,
  };
}

/** The values a new user's form starts with. */
export function newAdminValues(locale: string): Record<string, unknown> {
  const lang = locale.toUpperCase();
  return {
    active: true,
    user_type: 'Internal',
    iso_lang: (ADMIN_LANGUAGES as readonly string[]).includes(lang) ? lang : 'EN',
  };
}

/**
 * The form's values as the API takes them. A field emptied that the API cannot
 * empty (a choice, the date of birth) is left as it was.
 */
export function adminWrite(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'active') out[k] = v === 1 ? 'true' : 'false';
    else if (v === null || (k === 'email' && v === '')) continue;
    else if (k === 'date_of_birth' && typeof v === 'string') out[k] = v.replaceAll('-', '/');
    else out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** The choices of each choice field, in the UI language. */
export function adminOptions(
  i18n: I18n,
  field: AdminField,
  current: unknown,
): { value: string; label: string }[] | undefined {
  if (field === 'department') return DEPARTMENTS.map((d) => ({ value: d, label: i18n.t(`admins.dept.${d}`) }));
  if (field === 'user_type')
    return (['Internal', 'External'] as const).map((u) => ({ value: u, label: i18n.t(`admins.type.${u}`) }));
  if (field !== 'iso_lang') return undefined;
  const codes: string[] = [...ADMIN_LANGUAGES];
  if (typeof current === 'string' && current && !codes.includes(current)) codes.push(current);
  const names = new Intl.DisplayNames([i18n.tag], { type: 'language' });
  return codes.map((c) => ({ value: c, label: `${names.of(c.toLowerCase()) ?? c} (${c})` }));
}

export type Department = (typeof DEPARTMENTS)[number];

/** A department of the spec from a URL's text, else null. */
export function departmentOf(text: string | undefined): Department | null {
  return (DEPARTMENTS as readonly string[]).includes(text ?? '') ? (text as Department) : null;
}

/** What a password must be (the write schema's rule), as a message key, or null when fine. */
export function passwordProblem(password: string): 'validation.required' | 'admins.passwordShort' | null {
  if (!password) return 'validation.required';
  return adminCreate.shape.password.safeParse(password).success ? null : 'admins.passwordShort';
}

/** Whether the server may be asked now (as the main side judges it: not unreachable, pausing us or refusing us). */
export function serverAnswers(kind: string): boolean {
  return !['unreachable', 'rateLimited', 'sessionExpired'].includes(kind);
}
