// Wire shapes of the inventory side, as the API sends them: listings (state as
// {id, nombre} in the list and as an integer in the single read; mu and
// longstay sometimes strings), photos, rates (increment members as strings),
// daily prices, blocks and destinations (numbers as strings).
import { states } from '../../shared/codes';
import { VARIANT } from '../config';
import { isoOf } from '../days';
import type { Block, Destination, LangText, Listing, Photo, PriceDay, Rate } from '../model';

/** Reads show multilingual text as one string: Spanish first (the business's language), then English. */
export function plain(t: LangText): string {
  return t['es'] ?? t['en'] ?? Object.values(t)[0] ?? '';
}

export function listingWire(l: Listing, form: 'list' | 'get'): Record<string, unknown> {
  const flag = (v: boolean, asString: boolean) => (asString ? (v ? '1' : '0') : v ? 1 : 0);
  const emptyRooms = Object.keys(l.rooms).length === 0;
  return {
    id: l.id,
    active: l.active,
    name: l.name,
    mu: flag(l.mu, VARIANT.listingMuAsString(l.id)),
    destination: l.destination,
    street: l.street,
    floor: l.floor,
    door: l.door,
    city: l.city,
    state: form === 'list' ? { id: l.state, nombre: states.name(l.state) } : l.state,
    country: l.country,
    zipcode: l.zipcode,
    license: l.license,
    lat: l.lat,
    lng: l.lng,
    person_capacity: l.person_capacity,
    bathrooms: l.bathrooms,
    bath: l.bath,
    bedrooms: l.bedrooms,
    m2: l.m2,
    longstay: flag(l.longstay, VARIANT.listingLongstayAsString(l.id)),
    checkinfrom: l.checkinfrom,
    checkinto: l.checkinto,
    checkout: l.checkout,
    latecheckinfrom: l.latecheckinfrom,
    latecheckinto: l.latecheckinto,
    price_latecheckin: l.price_latecheckin,
    entry_limit_time: l.entry_limit_time,
    deposit: l.deposit,
    intercom_number: l.intercom_number,
    key_number: l.key_number,
    wifi_network: l.wifi_network,
    wifi_password: l.wifi_password,
    tourist_tax: l.tourist_tax,
    description: plain(l.description),
    short_description: plain(l.short_description),
    property_type: l.property_type,
    url: l.url,
    num_sofa_beds: l.num_sofa_beds,
    fees: l.fees,
    services: l.services,
    owner_id: l.owner_id,
    rooms: emptyRooms && VARIANT.emptyRoomsAsArray(l.id) ? [] : l.rooms,
    synchronization_category: l.synchronization_category,
  };
}

export function photoWire(p: Photo): Record<string, unknown> {
  return {
    id: p.id,
    listing_id: p.listing_id,
    name: p.name,
    zone: p.zone,
    type: p.type,
    position: p.position,
    alt_text: plain(p.alt_text),
    title: plain(p.title),
  };
}

export function rateWire(r: Rate): Record<string, unknown> {
  return {
    rate_id: r.id,
    name: r.name,
    parent_rate: r.parent_rate,
    increment_by_person: r.increment_by_person
      ? r.increment_by_person.map((i) => ({
          maximum_people: String(i.maximum_people),
          minimum_people: String(i.minimum_people),
          increment_type: i.increment_type,
          increment_price: String(i.increment_price),
        }))
      : null,
    modify_price: r.modify_price,
    modify: r.modify,
    listing_id: r.listing_id,
    category_id: r.category_id,
    // `policy` is optional in the spec: rates without one leave the key out.
    ...(r.policy
      ? {
          policy: {
            name: r.policy.name,
            description: r.policy.description,
            prepaid: {
              percent: r.policy.prepaid.percent,
              less_than_days: String(r.policy.prepaid.less_than_days),
              percent2: String(r.policy.prepaid.percent2),
            },
          },
        }
      : {}),
  };
}

export function priceWire(rateId: number, day: number, p: PriceDay): Record<string, unknown> {
  return { rate_id: rateId, date: isoOf(day), ...p };
}

export function blockWire(b: Block): Record<string, unknown> {
  return {
    id: b.id,
    start_date: isoOf(b.start),
    end_date: isoOf(b.end),
    listing_id: b.listing_id,
    block_type: b.block_type,
    reason: b.reason,
  };
}

export function destinationWire(d: Destination): Record<string, unknown> {
  return {
    id: d.id,
    name: plain(d.name),
    tourist_tax: d.tax.toFixed(2),
    latitude: d.lat,
    longitude: d.lng,
    max_days: String(d.max_days),
  };
}
