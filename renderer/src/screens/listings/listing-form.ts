// The listing editor's model, apart from its drawing: the form fields by
// section (each checked with the shared write schema, shared/api listingWrite),
// the rooms editor's rows ↔ the API's rooms object, and the texts per language
// (description, short description) with what to send when they changed.
import { listingWrite } from '../../../../shared/api';
import type { ListingRecord } from '../../../../shared/contract';
import { writeSpecs, type LocalSpec } from '../../state/form.svelte';
import type { MessageKey } from '../../i18n/i18n.svelte';
import type { ListingField } from '../../i18n/field-names';

const S = listingWrite.shape;

export const LISTING_SPECS = writeSpecs(S, {
  name: { kind: 'text', required: true },
  active: { kind: 'flag01' },
  mu: { kind: 'flag01' },
  destination: { kind: 'id' },
  url: { kind: 'text' },
  license: { kind: 'text' },
  street: { kind: 'text' },
  floor: { kind: 'text' },
  door: { kind: 'text' },
  zipcode: { kind: 'text' },
  city: { kind: 'text' },
  state: { kind: 'id' },
  country: { kind: 'id' },
  lat: { kind: 'number' },
  lng: { kind: 'number' },
  person_capacity: { kind: 'count' },
  bedrooms: { kind: 'count' },
  bathrooms: { kind: 'count' },
  bath: { kind: 'count' },
  m2: { kind: 'int' },
  num_sofa_beds: { kind: 'countOrNull' },
  longstay: { kind: 'flag01' },
  checkinfrom: { kind: 'timeOrNull' },
  checkinto: { kind: 'timeOrNull' },
  checkout: { kind: 'timeOrNull' },
  latecheckinfrom: { kind: 'timeOrNull' },
  latecheckinto: { kind: 'timeOrNull' },
  price_latecheckin: { kind: 'moneyOrNull' },
  entry_limit_time: { kind: 'timeOrNull' },
  deposit: { kind: 'money' },
  intercom_number: { kind: 'textOrNull' },
  key_number: { kind: 'textOrNull' },
  wifi_network: { kind: 'textOrNull' },
  wifi_password: { kind: 'textOrNull' },
  owner_id: { kind: 'id' },
} satisfies Partial<Record<ListingField, LocalSpec>>);
export type FormField = keyof typeof LISTING_SPECS;

/** The choices an `id` field draws from. */
export type Choices = 'destinations' | 'states' | 'countries' | 'owners';
export const CHOICES: Partial<Record<FormField, Choices>> = {
  destination: 'destinations',
  state: 'states',
  country: 'countries',
  owner_id: 'owners',
};

export interface Section {
  id: string;
  title: MessageKey;
  fields: readonly FormField[];
  note?: MessageKey;
}
export const SECTIONS: readonly Section[] = [
  { id: 'identity', title: 'listingEdit.identity', fields: ['name', 'active', 'mu', 'destination', 'url', 'license'] },
  {
    id: 'address',
    title: 'listingEdit.address',
    fields: ['street', 'floor', 'door', 'zipcode', 'city', 'state', 'country', 'lat', 'lng'],
  },
  {
    id: 'capacity',
    title: 'listingEdit.capacity',
    fields: ['person_capacity', 'bedrooms', 'bathrooms', 'bath', 'm2', 'num_sofa_beds', 'longstay'],
  },
  {
    id: 'times',
    title: 'listingEdit.times',
    fields: [
      'checkinfrom',
      'checkinto',
      'checkout',
      'latecheckinfrom',
      'latecheckinto',
      'price_latecheckin',
      'entry_limit_time',
    ],
  },
  {
    id: 'access',
    title: 'listingEdit.access',
    fields: ['intercom_number', 'key_number', 'wifi_network', 'wifi_password'],
    note: 'listingEdit.secretsNote',
  },
  { id: 'fees', title: 'listingEdit.fees', fields: ['deposit'] },
  { id: 'owner', title: 'listingEdit.owner', fields: ['owner_id'] },
];

/** A new listing's starting values: what the person does not type is not sent (the server's defaults). */
export const NEW_LISTING: Partial<Record<FormField, unknown>> = { active: 1, mu: 0, longstay: 0 };

// ───────────────────────── rooms ─────────────────────────

export interface BedRow {
  type: string;
  count: string;
}
export type RoomRows = BedRow[][];
type Rooms = ListingRecord['rooms'];

/** Room suggestions for the bed type (free text on the API, at most 40 characters). */
export const BED_TYPES = ['Single', 'Double', 'Queen', 'King', 'Bunk', 'Sofa bed', 'Crib'] as const;

export function roomRows(rooms: Rooms): RoomRows {
  return Object.entries(rooms)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, beds]) => beds.map((b) => ({ type: b.type, count: String(b.num_beds) })));
}

/** The rows as the API's rooms object (rooms numbered 1…n), or the first room number whose beds do not read. */
export function roomsOf(rows: RoomRows): { ok: true; value: Rooms } | { ok: false; room: number } {
  const value: Rooms = {};
  for (const [i, beds] of rows.entries()) {
    const out: Rooms[string] = [];
    for (const b of beds) {
      const type = b.type.trim();
      const n = /^\d{1,2}$/.test(b.count.trim()) ? Number(b.count.trim()) : NaN;
      if (!type || type.length > 40 || !(n >= 0 && n <= 20)) return { ok: false, room: i + 1 };
      out.push({ type, num_beds: n });
    }
    value[String(i + 1)] = out;
  }
  return { ok: true, value };
}

export const sameRooms = (a: Rooms, b: Rooms) => JSON.stringify(a) === JSON.stringify(b);

// ───────────────────────── texts per language ─────────────────────────

/** The languages a listing's texts are edited in: the UI's. */
export const TEXT_LANGS = ['en', 'es', 'ca'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];
export type Texts = Record<TextLang, string>;
export const TEXT_FIELDS = ['description', 'short_description'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const TEXT_MAX = 5000;

/** What I wrote per language, as far as this computer knows (while the change is unsent). */
export function textsOf(l: ListingRecord | null, field: TextField): Texts {
  const known = l?.[`${field}_texts`] ?? {};
  return { en: known['en'] ?? '', es: known['es'] ?? '', ca: known['ca'] ?? '' };
}

/** The language object to send when the texts changed (empty languages left out), else null. */
export function textsChange(before: Texts, now: Texts): Record<string, string> | null {
  if (TEXT_LANGS.every((l) => before[l] === now[l])) return null;
  const out: Record<string, string> = {};
  for (const l of TEXT_LANGS) if (now[l].trim()) out[l] = now[l];
  return out;
}
