// The words of the documents the main process writes (the day sheet PDF and
// the CSV exports), in the three UI languages. The renderer's catalogs live in
// renderer/src/i18n, which the main process may not import (layers); these are
// the same words where the screens have them ("Pending", "Entry check"…), kept
// here once for every document. A missing key fails to compile (each language
// is typed by the English table; Spanish and Catalan are in words-es.ts and
// words-ca.ts).
import { CHANGE_WORDS } from '../../shared/domain/change-words';
import { DOCUMENT_TYPE_WORDS } from '../../shared/codes/document-type-words';
import type { Locale, OutboxMark } from '../../shared/contract';
import { ca } from './words-ca';
import { es } from './words-es';

const en = {
  'sheet.title': 'Day sheet',
  'sheet.filters': 'Filters',
  'sheet.allListings': 'All listings with activity',
  'sheet.city': 'City',
  'sheet.destination': 'Destination',
  'sheet.listings': '{n} listings',
  'sheet.printed': 'Printed {when} from the data on this computer.',
  'sheet.received': 'This day’s bookings and tasks were last received from the server {fresh}.',
  'sheet.notReceived': 'This day’s bookings and tasks have not been received from the server yet.',
  'sheet.secretsIncluded': 'Contains access codes and wifi passwords: keep it safe and destroy it after use.',
  'sheet.noSecrets': 'Access codes and wifi passwords are not printed.',
  'sheet.empty': 'Nothing happens on this day with these filters.',
  'sheet.page': 'Page {n} of {total}',
  'sheet.col.what': 'What',
  'sheet.col.time': 'Time',
  'sheet.col.details': 'Details',
  'sheet.departure': 'Departure',
  'sheet.arrival': 'Arrival',
  'sheet.cleaning': 'Cleaning',
  'sheet.maintenance': 'Maintenance',
  'sheet.incident': 'Incident',
  'sheet.access': 'Access',
  'sheet.booking': 'Booking {n}',
  'sheet.bookingNew': 'New booking, not yet in the PMS',
  'sheet.adults.one': '{n} adult',
  'sheet.adults.other': '{n} adults',
  'sheet.children.one': '{n} child',
  'sheet.children.other': '{n} children',
  'sheet.infants.one': '{n} infant',
  'sheet.infants.other': '{n} infants',
  'sheet.openingCode': 'Opening code {v}',
  'sheet.keyNumbers': 'Keys {v}',
  'sheet.keyNumber': 'Key number {v}',
  'sheet.wifi': 'Wifi {network} / password {password}',
  'sheet.inspected': 'inspected',
  'sheet.notInspected': 'not inspected',
  'sheet.entryCheck': 'Entry check',
  'sheet.exitCheck': 'Exit check',
  'sheet.since': 'since {date}',
  'status.0': 'Pending',
  'status.1': 'In progress',
  'status.2': 'Done',
  'status.other': 'Status {n}',
  'priority.1': 'Low',
  'priority.2': 'Medium',
  'priority.3': 'High',
  'priority.4': 'Urgent',
  'maintenanceType.0': 'Entrance',
  'maintenanceType.1': 'Exit',
  'maintenanceType.other': 'Type {n}',
  'priority.other': 'Priority {n}',
  'col.listing': 'Listing',
  'col.city': 'City',
  'col.date': 'Date',
  'col.time': 'Time',
  'col.status': 'Status',
  'col.duration': 'Duration (h:mm)',
  'col.inspected': 'Inspected',
  'col.inspectionDate': 'Inspection date',
  'col.booking': 'Booking',
  'col.notes': 'Notes',
  'col.type': 'Type',
  'col.priority': 'Priority',
  'col.title': 'Title',
  'col.description': 'Description',
  'col.listings': 'Listings',
  'col.finished': 'Finished',
  'col.departures': 'Departures',
  'col.cleaning': 'Cleaning',
  'col.maintenance': 'Maintenance',
  'col.arrivals': 'Arrivals',
  'col.incidents': 'Open incidents',
  'col.ready': 'Ready for check-in',
  'col.notReadyBecause': 'Not ready because',
  'board.guestsRegistered': '{registered}/{expected} registered',
  'col.bookingState': 'Booking status',
  'col.customer': 'Customer',
  'col.arrival': 'Arrival',
  'col.departure': 'Departure',
  'col.arrivalTime': 'Arrival time',
  'col.departureTime': 'Departure time',
  'col.adults': 'Adults',
  'col.children': 'Children',
  'col.infants': 'Infants',
  'col.guestsRegistered': 'Guests registered',
  'col.total': 'Total',
  'col.paid': 'Paid',
  'col.changeState': 'Your change',
  yes: 'yes',
  no: 'no',
  'blocker.no_cleaning_task': 'no cleaning task',
  'blocker.cleaning_not_done': 'cleaning not done',
  'blocker.not_inspected': 'not inspected',
  'blocker.maintenance_open': 'maintenance open',
  'blocker.urgent_incident': 'urgent incident',
  'blocker.departure_pending': 'guests still checking out',
  'blocker.overbooked': 'arrivals overbooked',
  'bookingState.1': 'Cancelled',
  'bookingState.2': 'Pre-booking',
  'bookingState.3': 'Confirmed',
  'bookingState.4': 'Abandoned',
  'bookingState.5': 'On request',
  'bookingState.6': 'Provisional',
  'bookingState.8': 'No show',
  'bookingState.9': 'Virtual',
  'bookingState.other': 'Status {n}',
  ...CHANGE_WORDS.en,
  'file.daySheet': 'day-sheet',
  'file.board': 'board',
  'file.bookings': 'bookings',
  'file.arrivals': 'arrivals',
  'file.departures': 'departures',
  'file.cleaning': 'cleaning',
  'file.maintenance': 'maintenance',
  'file.incidents': 'incidents',
  'file.openIncidents': 'open-incidents',
  'col.rate': 'Rate',
  'col.price': 'Price',
  'col.minStay': 'Minimum stay (nights)',
  'col.maxStay': 'Maximum stay (nights)',
  'col.open': 'Open for sale',
  'col.cta': 'Closed to arrival',
  'col.ctd': 'Closed to departure',
  'file.prices': 'prices',
  'col.owner': 'Owner',
  'col.concept': 'Concept',
  'col.amount': 'Amount',
  'col.nights': 'Nights booked',
  'col.stays': 'Stays',
  'file.costs': 'owner-costs',
  'file.statement': 'owner-statement',
  'statement.title': 'Owner statement',
  'statement.month': 'Month: {month}',
  'statement.fiscal': 'Fiscal data',
  'statement.listings': 'Listings and nights booked',
  'statement.noListings': 'No listing of this owner is in the data on this computer.',
  'statement.costs': 'Costs',
  'statement.noCosts': 'No costs recorded.',
  'statement.undated':
    'Costs have no date in the property-management system: every cost of the owner is listed, whatever its month.',
  'statement.received': 'Nights counted from the bookings received from the server {fresh}.',
  'statement.notReceived':
    'The bookings of this month have not all been received from the server yet: the nights may be incomplete.',
  'statement.printed': 'Printed {when} from the data on this computer.',
  'col.month': 'Month',
  'col.department': 'Department',
  'col.firstName': 'First name',
  'col.lastName': 'Last name',
  'col.username': 'User name',
  'col.userType': 'User type',
  'col.language': 'Language',
  'col.active': 'Active',
  'col.email': 'Email',
  'col.phone': 'Phone',
  'userType.Internal': 'Internal',
  'userType.External': 'External',
  'department.Cleaning': 'Cleaning',
  'department.Maintenance': 'Maintenance',
  'department.Reception': 'Reception',
  'department.Reservations': 'Reservations',
  'department.Administration': 'Administration',
  'department.IT': 'IT',
  'department.Management': 'Management',
  'department.Owners': 'Owners',
  'file.admins': 'intranet-users',
  'reg.cardTitle': 'Guest registration card',
  'reg.listTitle': 'Guest registration — arrivals',
  'reg.legal':
    'Guest register required by law (Spain: SES.Hospedajes): every guest reported within 24 hours of arrival; guests of 14 or over identified by a document.',
  'reg.establishment': 'Establishment',
  'reg.licence': 'Licence',
  'reg.party': 'Party',
  'reg.stay': 'Stay',
  'reg.guestOf': 'Guest {n} of {total}',
  'reg.blank': 'Not registered yet: fill in by hand.',
  'reg.localBooking': 'not yet in the PMS',
  'reg.deadline': 'Report by {when}',
  'reg.field.name': 'First name',
  'reg.field.lastname': 'Surname',
  'reg.field.sex': 'Sex',
  'reg.field.date_birth': 'Date of birth',
  'reg.field.nationality': 'Nationality',
  'reg.field.document_type': 'Document type',
  'reg.field.number_id': 'Document number',
  'reg.field.date_issue': 'Date of issue',
  'reg.field.address': 'Address',
  'reg.field.country': 'Country of residence',
  'reg.field.email': 'Email',
  'reg.sex.M': 'Male',
  'reg.sex.F': 'Female',
  'reg.missing': 'Missing: {fields}',
  'reg.registered': 'Registered',
  'reg.complete': 'Registered: every detail the form asks for is here.',
  'reg.notRegistered': 'Not registered',
  'reg.guestsUnknown': 'Guests not received from the server yet',
  'reg.signGuest': 'Guest’s signature',
  'reg.signDate': 'Date',
  'reg.signStaff': 'Received by',
  'reg.summary': '{arrivals} arrivals · {registered} of {expected} guests registered',
  'reg.empty': 'No arrivals on this day.',
  'reg.col.guest': 'Guest',
  'reg.col.document': 'Document',
  'reg.col.state': 'Registration',
  ...DOCUMENT_TYPE_WORDS.en,
  'file.registrationCards': 'registration-cards-{n}',
  'file.registrationList': 'registration-list-{date}',
  'incomplete.mark': 'INCOMPLETE',
  'incomplete.empty': 'Nothing on this day in what was received; the rest was not received.',
  'incomplete.cell': 'not received',
  'incomplete.lead':
    'Not everything this document reads was received from the server: what is missing is not counted in it.',
  'incomplete.listings': 'listings: {names}',
  'incomplete.allListings': 'every listing',
  'incomplete.more': 'and {n} more',
  'incomplete.bookings': '{what} of bookings {numbers}',
  'incomplete.res.bookings': 'Bookings',
  'incomplete.res.cleaning': 'Cleaning tasks',
  'incomplete.res.maintenance': 'Maintenance tasks',
  'incomplete.res.incidents': 'Incidents',
  'incomplete.res.blocks': 'Blocked days',
  'incomplete.res.guests': 'Guests',
  'incomplete.res.threads': 'Messages',
  'incomplete.res.prices': 'Prices',
  'incomplete.res.listings': 'The list of listings',
  'incomplete.res.owners': 'The list of owners',
  'incomplete.res.costs': 'The list of costs',
  'incomplete.res.admins': 'The list of intranet users',
} as const;

export type WordKey = keyof typeof en;
export type Words = Record<WordKey, string>;

const TABLES: Record<Locale, Words> = { en, es, ca };

/** Intl tags of the UI languages (dates on paper are written the way the screens write them). */
export const LOCALE_TAG: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

export type Say = (key: WordKey, vars?: Record<string, string | number>) => string;

/** The word table of one language, with `{name}` placeholders filled. */
export function wordsFor(locale: Locale): Say {
  const table = TABLES[locale];
  return (key, vars) => {
    const text = table[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/**
 * A booking as a document names it: "Booking 1042", or — for a booking taken here that the
 * PMS has not created yet (its local, negative number) — said so, never "Booking -1".
 */
export function bookingTitle(say: Say, n: number): string {
  return n < 0 ? say('sheet.bookingNew') : say('sheet.booking', { n });
}

/** A booking's number in a table cell: the number, or "not yet in the PMS" for a local one. */
export function bookingNumberCell(say: Say, n: number): string | number {
  return n < 0 ? say('reg.localBooking') : n;
}

/** The fate of a local change, in the words the screens use ("Waiting to send"…); empty when the record is in sync. */
export function changeWord(say: Say, mark: OutboxMark): string {
  return mark ? say(`outbox.${mark.state}`) : '';
}

/** "2 adults, 1 child": the party of a stay (children and infants only when there are some). */
export function party(say: Say, locale: Locale, p: { adults: number; children: number; infants: number }): string {
  const rules = new Intl.PluralRules(LOCALE_TAG[locale]);
  const count = (what: 'adults' | 'children' | 'infants', n: number) =>
    say(`sheet.${what}.${rules.select(n) === 'one' ? 'one' : 'other'}`, { n });
  return [
    count('adults', p.adults),
    p.children ? count('children', p.children) : '',
    p.infants ? count('infants', p.infants) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A word whose key carries a number, falling back to the `.other` phrase for values outside the table. */
export function numbered(
  say: Say,
  family: 'status' | 'priority' | 'bookingState' | 'maintenanceType',
  n: number,
): string {
  const key = `${family}.${n}`;
  return key in en ? say(key as WordKey) : say(`${family}.other` as WordKey, { n });
}

/** A department in the documents' words (the API's own word when it is not one of the spec's). */
export function departmentWord(say: Say, d: string): string {
  const key = `department.${d}`;
  return key in en ? say(key as WordKey) : d;
}
