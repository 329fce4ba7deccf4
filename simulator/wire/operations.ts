// Wire shapes of operations and organisation: incidents (date-times),
// maintenance and cleaning tasks (`inspected` as 0/1 or a boolean), origins,
// admins (birth date YYYY/MM/DD, active as "true"/"false"), owners (id and
// tourist_tax as strings) and costs (overview rows, and the owner-shaped detail).
import { VARIANT } from '../config';
import { dateTimeOf, isoOf, slashOf } from '../days';
import type { Admin, Cleaning, Cost, Incident, Maintenance, Origin, Owner } from '../model';

const inspectedWire = (id: number, v: boolean) => (VARIANT.taskInspectedAsBoolean(id) ? v : v ? 1 : 0);

export function incidentWire(i: Incident): Record<string, unknown> {
  return {
    id: i.id,
    priority: i.priority,
    date: dateTimeOf(i.day, i.seconds),
    subtitle: i.subtitle,
    note: i.note,
    images: i.images,
    properties: i.properties.map((p) => ({
      listing_id: p.listing_id,
      finished: p.finished,
      finish_date: p.finish_date === null ? null : isoOf(p.finish_date),
    })),
  };
}

export function maintenanceWire(m: Maintenance): Record<string, unknown> {
  return {
    id: m.id,
    listing_id: m.listing_id,
    booking_id: m.booking_id,
    type: m.type,
    date: isoOf(m.day),
    hour: m.hour,
    inspected: inspectedWire(m.id, m.inspected),
    inspection_date: m.inspection_date === null ? null : isoOf(m.inspection_date),
    duration: m.duration,
    start: m.start,
    end: m.end,
    pending: m.pending,
    notes: m.notes,
  };
}

export function cleaningWire(c: Cleaning): Record<string, unknown> {
  return {
    id: c.id,
    listing_id: c.listing_id,
    status: c.status,
    date: isoOf(c.day),
    inspected: inspectedWire(c.id, c.inspected),
    time: c.time,
    duration: c.duration,
    booking_id: c.booking_id,
    notes: c.notes,
  };
}

export function originWire(o: Origin): Record<string, unknown> {
  return { id: o.id, name: o.name, active: o.active, tourist_tax: o.tourist_tax };
}

export function adminWire(a: Admin): Record<string, unknown> {
  return {
    id: a.id,
    username: a.username,
    // The table lists `password`; a real back office would only ever expose a hash.
    password: a.passwordHash,
    department: a.department,
    name: a.name,
    last_name: a.last_name,
    date_of_birth: slashOf(a.date_of_birth),
    address: a.address,
    city: a.city,
    zip_code: a.zip_code,
    email: a.email,
    phone: a.phone,
    active: a.active ? 'true' : 'false',
    notes: a.notes,
    iso_lang: a.iso_lang,
    user_type: a.user_type,
  };
}

export function ownerWire(o: Owner, form: 'list' | 'get'): Record<string, unknown> {
  const core = {
    id: String(o.id),
    company_name: o.company_name,
    name: o.name,
    email: o.email,
    phone: o.phone,
    document_number: o.document_number,
    tourist_tax: String(o.tourist_tax),
  };
  // "The list may carry more fields": the list adds the fiscal address.
  if (form === 'get') return core;
  return {
    ...core,
    fiscal_address: o.fiscal_address,
    fiscal_city: o.fiscal_city,
    fiscal_phone: o.fiscal_phone,
    fiscal_postal_code: o.fiscal_postal_code,
  };
}

/** Cost overview row. */
export function costRowWire(c: Cost): Record<string, unknown> {
  return { id: c.id, owner_id: c.owner_id, concept: c.concept, amount: c.amount };
}

/** Cost detail: the owner-record shape (of the cost's owner) plus the cost's own fields. */
export function costDetailWire(c: Cost, owner: Owner | undefined): Record<string, unknown> {
  return {
    ...(owner ? ownerWire(owner, 'list') : {}),
    ...c.details,
    id: String(c.id),
    owner_id: c.owner_id,
    concept: c.concept,
    amount: c.amount,
  };
}
