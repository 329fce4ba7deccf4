// The forms of owners, costs and destinations: their fields (limits from the shared write schemas),
// a record in the forms' terms, and the changed fields turned into the commands' payloads. A
// destination's texts are a field per language; the server shows ONE text of a name and none of the
// others, so those fields start empty — except the names this computer wrote (`name_texts`) — and what
// is typed replaces what the server has (the form says so).
import type { z } from 'zod';
import { costEdit, destinationWrite, ownerWrite, wText } from '../../../shared/api';
import type { CostRecord, DestinationRecord, OwnerRecord } from '../../../shared/contract';
import { writeSpecs } from './form.svelte';

export const OWNER_SPECS = writeSpecs(ownerWrite.shape, {
  name: { kind: 'text' },
  company_name: { kind: 'text' },
  email: { kind: 'textOrNull' },
  phone: { kind: 'text' },
  document_number: { kind: 'text' },
  fiscal_address: { kind: 'text' },
  fiscal_city: { kind: 'text' },
  fiscal_postal_code: { kind: 'text' },
  fiscal_phone: { kind: 'text' },
});

export const ownerForm = (o: OwnerRecord) => ({ ...o });

export const COST_SPECS = writeSpecs(costEdit.shape, {
  owner_id: { kind: 'id', required: true },
  concept: { kind: 'text', required: true },
  amount: { kind: 'money', required: true },
});

export const costForm = (c: CostRecord) => ({ ...c });

/** The languages a destination's texts are typed in (the app's own). */
export const TEXT_LANGS = ['es', 'en', 'ca'] as const;
const LANG_TEXTS = { name: 200, menu_name: 200, dinamic_url: 500, text: 5000 } as const;
type LangText = keyof typeof LANG_TEXTS;
type LangField = `${LangText}_${(typeof TEXT_LANGS)[number]}`;

const langSpecs = Object.fromEntries(
  Object.entries(LANG_TEXTS).flatMap(([f, max]) =>
    TEXT_LANGS.map((l): [string, { kind: 'text'; schema: z.ZodType }] => [
      `${f}_${l}`,
      { kind: 'text', schema: wText(max) },
    ]),
  ),
) as Record<LangField, { kind: 'text'; schema: z.ZodType }>;

export const DESTINATION_SPECS = writeSpecs(destinationWrite.shape, {
  ...langSpecs,
  tax: { kind: 'number' },
  lat: { kind: 'number' },
  lng: { kind: 'number' },
  order: { kind: 'int' },
  exempt_age: { kind: 'int' },
  max_days: { kind: 'int' },
  min_days_long_stay: { kind: 'int' },
});

/**
 * What the read shows, in the form's fields; the names per language where this computer wrote them (a
 * refused change's own names when it is being amended: its `name` is then the language object sent).
 * The other language fields start empty (see the file's comment).
 */
export function destinationForm(d: DestinationRecord) {
  const name: unknown = d.name;
  const names = typeof name === 'object' && name !== null ? (name as Record<string, string>) : d.name_texts;
  return {
    ...Object.fromEntries(TEXT_LANGS.flatMap((l) => (names?.[l] ? [[`name_${l}`, names[l]]] : []))),
    tax: d.tourist_tax,
    lat: d.latitude,
    lng: d.longitude,
    max_days: d.max_days,
  };
}

/**
 * The changed fields as a payload: per-language fields joined into one language object per text
 * (the languages typed; a changed text sends every language typed in it; a text emptied in every
 * language is left as it was), empty numbers left out, an emptied e-mail left as it was (the API
 * cannot clear it).
 */
export function orgPayload(changes: Record<string, unknown>, parsed: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes)) {
    const lang = /^(.+)_([a-z]{2})$/.exec(k);
    if (lang && lang[1]! in LANG_TEXTS) {
      const text = lang[1]!;
      const typed = TEXT_LANGS.map((l) => {
        const t = parsed[`${text}_${l}`];
        return [l, typeof t === 'string' ? t.trim() : ''] as const;
      });
      const value = Object.fromEntries(typed.filter(([, t]) => t !== ''));
      if (Object.keys(value).length) out[text] = value;
    } else if (v !== null) out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Whether any of these parsed fields holds text (a name or a company name; a name in some language). */
export function anyText(parsed: Record<string, unknown>, ...keys: string[]): boolean {
  return keys.some((k) => {
    const v = parsed[k];
    return typeof v === 'string' && v.trim() !== '';
  });
}
