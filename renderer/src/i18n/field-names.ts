// API field names and values as a person reads them, in the UI language: the
// Sync screen and pending marks show what changed ("Notes", "Inspected: Yes")
// rather than wire names ("notes", "inspected: 1").
import { listingWrite } from '../../../shared/api';
import type { ResourceName } from '../../../shared/contract';
import type { I18n, MessageKey } from './i18n.svelte';
import { blockTypeLabel, cleaningStatusLabel, departmentName, maintenanceTypeLabel, priorityLabel } from './labels';

/** Listing write fields (the shared write schema's): `listingField.<field>` (those other kinds share keep their own words below). */
export const LISTING_FIELDS = Object.keys(listingWrite.shape) as (keyof typeof listingWrite.shape)[];
export type ListingField = keyof typeof listingWrite.shape;
export const listingFieldKey = (f: ListingField): MessageKey => `listingField.${f}`;

/**
 * Fields whose value is a secret (a door's opening code, a key's number, a Wi-Fi password):
 * typed masked, shown masked on every screen until the person asks (SecretValue), never
 * written out in a sentence (a refused change, the Sync list).
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['opening_code', 'key_number', 'wifi_password']);
export const isSecretField = (field: string): boolean => SECRET_FIELDS.has(field);

const FIELD_KEYS: Record<string, MessageKey> = {
  ...Object.fromEntries(LISTING_FIELDS.map((f) => [f, listingFieldKey(f)])),
  notes: 'common.notes',
  inspected: 'common.inspected',
  status: 'common.status',
  date: 'common.date',
  time: 'common.time',
  duration: 'common.duration',
  hour: 'maintenance.hour',
  type: 'maintenance.type',
  inspection_date: 'maintenance.inspectionDate',
  priority: 'incidents.priority',
  subtitle: 'incidents.subtitle',
  note: 'incidents.note',
  start_date: 'booking.startDate',
  end_date: 'booking.endDate',
  adults: 'booking.adults',
  children: 'booking.children',
  infants: 'booking.infants',
  arrival_time: 'booking.arrivalTime',
  arrival_time_until: 'booking.arrivalUntil',
  departure_time: 'booking.departureTime',
  departure_time_until: 'booking.departureUntil',
  paid: 'booking.paid',
  tourist_tax: 'booking.touristTax',
  opening_code: 'booking.openingCode',
  key_numbers: 'booking.keyNumbers',
  checkin_online: 'booking.checkinDone',
  name: 'person.name',
  lastname: 'person.lastname',
  email: 'person.email',
  address: 'person.address',
  city: 'person.city',
  zip_code: 'person.zip',
  country: 'person.country',
  number_id: 'person.numberId',
  nationality: 'person.nationality',
  sex: 'person.sex',
  date_issue: 'person.dateIssue',
  date_birth: 'person.dateBirth',
  document_type_id: 'person.documentType',
  document_type: 'person.documentType',
  customer_type: 'person.customerType',
  // Intranet users.
  username: 'admins.username',
  department: 'admins.department',
  last_name: 'admins.lastName',
  date_of_birth: 'admins.dateOfBirth',
  phone: 'admins.phone',
  active: 'admins.active',
  iso_lang: 'admins.language',
  user_type: 'admins.userType',
  message: 'booking.messageLabel',
  block_type: 'calendar.blockType',
  reason: 'calendar.reason',
  listing_id: 'common.listing',
  company_name: 'org.company',
  document_number: 'org.documentNumber',
  fiscal_address: 'org.fiscalAddress',
  fiscal_city: 'org.fiscalCity',
  fiscal_postal_code: 'org.fiscalPostalCode',
  fiscal_phone: 'org.fiscalPhone',
  owner_id: 'org.owner',
  concept: 'org.concept',
  amount: 'org.amount',
  tax: 'org.tax',
  lat: 'org.lat',
  lng: 'org.lng',
  max_days: 'org.maxDays',
  min_days_long_stay: 'org.longStay',
  exempt_age: 'org.exemptAge',
  order: 'org.order',
  menu_name: 'org.menuName',
  dinamic_url: 'org.webAddress',
  text: 'org.description',
  // A new booking's own fields (bookings.create).
  customer: 'booking.customer',
  guests: 'booking.guests',
  lines: 'booking.lines',
  prepaid: 'booking.prepaid',
  total: 'booking.total',
  created: 'outbox.created',
  deleted: 'outbox.deleted',
};

/** A day's price values ("2026-07-01.min_days"): the outbox keeps one field per day and value. */
const DAY_FIELD_KEYS: Record<string, MessageKey> = {
  price: 'prices.price',
  min_days: 'prices.minStay',
  max_days: 'prices.maxStay',
  active: 'prices.active',
  cta: 'prices.cta',
  ctd: 'prices.ctd',
};
const DAY_FIELD = /^(\d{4}-\d{2}-\d{2})\.(\w+)$/;

/** Records of people: their `name` is a first name (an owner's, a listing's, a destination's is its name). */
const PEOPLE: ReadonlySet<ResourceName> = new Set(['customers', 'guests', 'admins']);
/** Fields that hold another record's id: named by the entry's `names`, never shown as an id. */
const POINTERS: ReadonlySet<string> = new Set(['listing_id', 'owner_id', 'destination']);

/** A field's label (as the record's own form names it, when the resource is known); unknown fields keep their wire name. */
export function fieldName(i18n: I18n, field: string, resource?: ResourceName): string {
  if (resource === 'listings' && (LISTING_FIELDS as readonly string[]).includes(field))
    return i18n.t(listingFieldKey(field as ListingField));
  if (field === 'name' && resource && !PEOPLE.has(resource)) return i18n.t('org.name');
  const key = FIELD_KEYS[field];
  if (key) return i18n.t(key);
  const day = DAY_FIELD.exec(field);
  const dayKey = day ? DAY_FIELD_KEYS[day[2]!] : undefined;
  return day && dayKey ? `${i18n.t(dayKey)} · ${i18n.date(day[1], 'weekday')}` : field;
}

/**
 * A field's value in words for this resource (flags, statuses, priorities, types, countries, dates);
 * a pointer to another record by that record's name (`names`: an outbox entry's), a new one's as "new".
 */
export function fieldValue(
  i18n: I18n,
  resource: ResourceName,
  field: string,
  value: unknown,
  names: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): string {
  if (value === null || value === undefined || value === '') return i18n.t('sync.empty');
  if (isSecretField(field)) return i18n.t('secret.masked');
  if (POINTERS.has(field) && typeof value === 'number') {
    const name = names[field]?.[String(value)];
    if (name) return name;
    return value < 0 ? i18n.t('sync.newRecord') : `#${value}`;
  }
  if (typeof value === 'boolean') return value ? i18n.t('common.yes') : i18n.t('common.no');
  if ((field === 'inspected' || field === 'checkin_online') && (value === 0 || value === 1))
    return value === 1 ? i18n.t('common.yes') : i18n.t('common.no');
  const day = DAY_FIELD.exec(field);
  if (day && typeof value === 'number') {
    if (day[2] === 'price') return i18n.money(value);
    if (day[2] === 'active') return value === 1 ? i18n.t('prices.open') : i18n.t('prices.closed');
    if (day[2] === 'cta' || day[2] === 'ctd') return value === 1 ? i18n.t('common.yes') : i18n.t('common.no');
  }
  if (typeof value === 'number') {
    if (field === 'status' && resource === 'cleaning') return cleaningStatusLabel(i18n, value);
    if (field === 'priority') return priorityLabel(i18n, value);
    if (field === 'type' && resource === 'maintenance') return maintenanceTypeLabel(i18n, value);
    if (field === 'block_type') return blockTypeLabel(i18n, value);
    if (field === 'country' || field === 'nationality') return i18n.country(value);
    if (field === 'document_type_id') return i18n.code('documentType', value);
    if (['paid', 'prepaid', 'total', 'tourist_tax'].includes(field)) return i18n.money(value);
    if (field === 'amount' && resource === 'costs') return i18n.money(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'status' && resource === 'bookings' && (value === 'confirmed' || value === 'canceled'))
      return i18n.code('bookingStatus', value === 'confirmed' ? 3 : 1);
    if (field === 'sex' && (value === 'M' || value === 'F')) return i18n.t(`person.sex.${value}`);
    if (resource === 'admins') {
      // An intranet user's write words: "true"/"false", the spec's departments and user types.
      if (field === 'active' && (value === 'true' || value === 'false'))
        return i18n.t(value === 'true' ? 'common.yes' : 'common.no');
      if (field === 'department') return departmentName(i18n, value);
      if (field === 'user_type' && (value === 'Internal' || value === 'External'))
        return i18n.t(`admins.type.${value}`);
    }
    // Dates, also in the admin date of birth's YYYY/MM/DD.
    if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(value)) return i18n.date(value.replaceAll('/', '-'), 'short');
    return value;
  }
  // A new booking's nested values: its customer and guests by name, several in a row.
  if (Array.isArray(value)) return value.map((v) => fieldValue(i18n, resource, field, v)).join('; ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const name = [o['name'], o['surname'] ?? o['lastname']].filter((s) => typeof s === 'string' && s).join(' ');
    if (name) return name;
  }
  return JSON.stringify(value);
}

/** The engine's scope labels ("all", "today ±48 h", "listing 12", "booking 1042") in the UI language. */
export function scopeName(i18n: I18n, scope: string, listingName: (id: number) => string): string {
  if (scope === 'all') return i18n.t('sync.scope.all');
  if (/^today ±48 h$/.test(scope)) return i18n.t('sync.scope.near');
  if (scope === 'all bookings') return i18n.t('sync.scope.allBookings');
  const listing = /^listing[ :](\d+)$/.exec(scope);
  if (listing) return i18n.t('sync.scope.listing', { name: listingName(Number(listing[1])) });
  const booking = /^booking[ :](-?\d+)$/.exec(scope);
  // A booking taken here has nothing on the server to refresh; said so should one be named.
  if (booking)
    return booking[1]!.startsWith('-')
      ? i18n.t('booking.titleLocal')
      : i18n.t('sync.scope.booking', { number: booking[1]! });
  return scope;
}
