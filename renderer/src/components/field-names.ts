// API field names and values as a person reads them, in the UI language: the
// Sync screen and pending marks show what changed ("Notes", "Inspected: Yes")
// rather than wire names ("notes", "inspected: 1").
import type { ResourceName } from '../../../shared/contract';
import type { I18n, MessageKey } from '../i18n/i18n.svelte';
import { blockTypeLabel, cleaningStatusLabel, maintenanceTypeLabel, priorityLabel } from './labels';

const FIELD_KEYS: Record<string, MessageKey> = {
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
  message: 'booking.messageLabel',
  block_type: 'calendar.blockType',
  reason: 'calendar.reason',
  listing_id: 'common.listing',
  // A new booking's own fields (bookings.create).
  customer: 'booking.customer',
  guests: 'booking.guests',
  lines: 'booking.lines',
  prepaid: 'booking.prepaid',
  total: 'booking.total',
  created: 'outbox.created',
  deleted: 'outbox.deleted',
};

/** A field's label; unknown fields keep their wire name. */
export function fieldName(i18n: I18n, field: string): string {
  const key = FIELD_KEYS[field];
  return key ? i18n.t(key) : field;
}

/** A field's value in words for this resource (flags, statuses, priorities, types, countries, dates). */
export function fieldValue(i18n: I18n, resource: ResourceName, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('sync.empty');
  if (typeof value === 'boolean') return value ? i18n.t('common.yes') : i18n.t('common.no');
  if ((field === 'inspected' || field === 'checkin_online') && (value === 0 || value === 1))
    return value === 1 ? i18n.t('common.yes') : i18n.t('common.no');
  if (typeof value === 'number') {
    if (field === 'status' && resource === 'cleaning') return cleaningStatusLabel(i18n, value);
    if (field === 'priority') return priorityLabel(i18n, value);
    if (field === 'type' && resource === 'maintenance') return maintenanceTypeLabel(i18n, value);
    if (field === 'block_type') return blockTypeLabel(i18n, value);
    if (field === 'country' || field === 'nationality') return i18n.country(value);
    if (field === 'document_type_id') return i18n.code('documentType', value);
    if (['paid', 'prepaid', 'total', 'tourist_tax'].includes(field)) return i18n.money(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'status' && resource === 'bookings' && (value === 'confirmed' || value === 'canceled'))
      return i18n.code('bookingStatus', value === 'confirmed' ? 3 : 1);
    if (field === 'sex' && (value === 'M' || value === 'F')) return i18n.t(`person.sex.${value}`);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return i18n.date(value, 'short');
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
  if (booking) return i18n.t('sync.scope.booking', { number: booking[1]! });
  return scope;
}
