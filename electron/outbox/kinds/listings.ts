// Listings: created offline (a local id until the server has it; matched on the server by name and
// address among the host's listings), edited field by field; read back with listings.get. Texts per
// language on write, one string on read (kinds/fields.ts langText). State and country codes are
// checked against the code tables before anything is queued, as the spec asks.
import { F, listingRead, type ListingWrite } from '../../../shared/api';
import { countries, states } from '../../../shared/codes';
import { CommandError } from '../../../shared/contract';
import type { ApiClient } from '../../api/client';
import type { WritableDB } from '../../cache/db';
import { listingsTable } from '../../cache/tables';
import type { Values } from '../types';
import { flag, langText, money, newRecord, same } from './fields';
import { comingLocalId, createAsGiven, edits, isObj, listed, orNull, record, updatedByGet, USER } from './parts';
import type { Collection, FieldCodec, FieldCodecs, KindSpec } from './spec';

/** The state id on write; the read record also names it (`state_name`). */
const STATE: FieldCodec = {
  read: 'state',
  apply: (rec, v) => {
    rec['state'] = typeof v === 'number' ? v : null;
    rec['state_name'] = typeof v === 'number' ? (states.byId(v)?.name ?? null) : null;
  },
  canon: (rec) => (typeof rec['state'] === 'number' ? rec['state'] : null),
};

const time = (name: string) => same(name, F.time);
const textOrNull = (name: string) => same(name, F.textOrNull);

const fields: FieldCodecs<ListingWrite> = {
  name: same('name', F.text),
  active: flag('active'),
  mu: flag('mu'),
  destination: same('destination'),
  street: same('street', F.text),
  floor: same('floor', F.text),
  door: same('door', F.text),
  city: same('city', F.text),
  state: STATE,
  country: same('country'),
  zipcode: same('zipcode', F.text),
  license: same('license', F.text),
  lat: same('lat', F.numOrNull),
  lng: same('lng', F.numOrNull),
  person_capacity: same('person_capacity'),
  bathrooms: same('bathrooms'),
  bath: same('bath'),
  bedrooms: same('bedrooms'),
  m2: same('m2'),
  longstay: flag('longstay'),
  checkinfrom: time('checkinfrom'),
  checkinto: time('checkinto'),
  checkout: time('checkout'),
  latecheckinfrom: time('latecheckinfrom'),
  latecheckinto: time('latecheckinto'),
  price_latecheckin: money('price_latecheckin'),
  entry_limit_time: time('entry_limit_time'),
  deposit: money('deposit'),
  intercom_number: textOrNull('intercom_number'),
  key_number: textOrNull('key_number'),
  wifi_network: textOrNull('wifi_network'),
  wifi_password: textOrNull('wifi_password'),
  description: langText('description'),
  short_description: langText('short_description'),
  url: same('url', F.text),
  num_sofa_beds: same('num_sofa_beds'),
  owner_id: same('owner_id'),
  rooms: same('rooms'),
};

/** The spec: state and country codes "must be verified before sending" — against the code tables. */
function checkCodes(changes: Values, path: string): void {
  const bad: Record<string, string[]> = {};
  const st = changes['state'];
  const co = changes['country'];
  if (typeof st === 'number' && !states.byId(st)) bad[`${path}.state`] = ['is not a state of the code table'];
  if (typeof co === 'number' && !countries.byId(co)) bad[`${path}.country`] = ['is not a country of the code table'];
  if (Object.keys(bad).length) throw new CommandError('invalid_input', 'Unknown state or country code.', bad);
}

/**
 * What I wrote per language, kept beside the cache (table listing_texts): the server reads back one string,
 * so this computer is the only place the other languages live. Written in the edit's own transaction.
 */
function keepTexts(db: WritableDB, id: number, payload: Values): void {
  for (const field of ['description', 'short_description'])
    if (isObj(payload[field]))
      db.run('INSERT OR REPLACE INTO listing_texts (listing_id, field, texts) VALUES (?, ?, ?)', [
        id,
        field,
        JSON.stringify(payload[field]),
      ]);
}

/** The host's listings, every page: where a new listing is found again. */
async function collection(client: ApiClient): Promise<Collection | null> {
  const first = await orNull(client.list('listings.list', USER));
  if (!first) return null;
  const items = [...first.items];
  for (let next = first.next; next;) {
    const page = await client.listNext('listings.list', next, USER);
    items.push(...page.items);
    next = page.next;
  }
  return listed(listingsTable, { items });
}

/** A new listing until the server has it. */
const local = newRecord(fields, {
  active: true,
  name: '',
  mu: false,
  destination: null,
  street: '',
  floor: '',
  door: '',
  city: '',
  state: null,
  state_name: null,
  country: null,
  zipcode: '',
  license: '',
  lat: null,
  lng: null,
  person_capacity: null,
  bathrooms: null,
  bath: null,
  bedrooms: null,
  m2: null,
  longstay: false,
  checkinfrom: null,
  checkinto: null,
  checkout: null,
  latecheckinfrom: null,
  latecheckinto: null,
  price_latecheckin: null,
  entry_limit_time: null,
  deposit: null,
  intercom_number: null,
  key_number: null,
  wifi_network: null,
  wifi_password: null,
  tourist_tax: null,
  description: '',
  short_description: '',
  property_type: null,
  url: '',
  num_sofa_beds: null,
  fees: [],
  services: [],
  owner_id: null,
  rooms: {},
  synchronization_category: null,
});

export const listings = {
  ...record('listings', listingsTable, listingRead, fields),
  commands: {
    ...edits('listings', 'This listing'),
    'listings.create': createAsGiven('listing', 'listings', {
      check: (db, listing) => {
        checkCodes(listing, 'listing');
        keepTexts(db, comingLocalId(db), listing);
      },
    }),
  },
  subject: { name: 'name' },
  // Checked, then (the edit being valid) its texts per language kept, in the edit's transaction.
  check: (db, rec, changes) => {
    checkCodes(changes, 'changes');
    keepTexts(db, rec['id'] as number, changes);
  },
  update: updatedByGet('listings'),
  create: {
    endpoint: 'listings.create',
    local,
    collection,
    // Spec-silent: a new listing is recognised by its name and address (what the person typed to tell it
    // apart); times, texts and numbers the server may normalise or default are not part of the match.
    matchBy: ['name', 'street', 'floor', 'door', 'city', 'zipcode', 'owner_id'],
  },
} satisfies KindSpec<'listings'>;
