// Generates the inventory side of the business: destinations, owners and
// their costs, categories, listings (single and multi-unit, rooms, amenities),
// photos and rates with policies. Daily prices derive from the rates (prices.ts).
import { hhmm } from '../days';
import type { Rng } from '../prng';
import type { Bed, Listing, Policy, Store } from '../model';
import { PLACES } from './places';
import { NAME_SETS, dni, email } from './people';

const KINDS = [
  { type: 1, es: 'Apartamento', en: 'Apartment', bedrooms: [1, 3], m2: [45, 95], weight: 50 },
  { type: 4, es: 'Estudio', en: 'Studio', bedrooms: [0, 0], m2: [25, 40], weight: 12 },
  { type: 6, es: 'Ático', en: 'Penthouse', bedrooms: [2, 3], m2: [70, 130], weight: 10 },
  { type: 2, es: 'Casa', en: 'House', bedrooms: [2, 4], m2: [90, 180], weight: 14 },
  { type: 3, es: 'Villa', en: 'Villa', bedrooms: [3, 6], m2: [150, 400], weight: 8 },
  { type: 7, es: 'Loft', en: 'Loft', bedrooms: [1, 1], m2: [50, 80], weight: 6 },
] as const;

const EPITHETS = [
  'Sol de Levante',
  'Mar Azul',
  'El Olivo',
  'Las Buganvillas',
  'Brisa Marina',
  'La Alcazaba',
  'Casco Antiguo',
  'Vista Alegre',
  'Los Almendros',
  'Puerta del Sol',
  'La Caleta',
  'Cala Blanca',
  'El Mirador',
  'Jardín Secreto',
  'La Muralla',
  'Santa Ana',
  'Los Naranjos',
  'Punta Roja',
  'Es Pla',
  'Riu Blau',
  'Terraza del Puerto',
  'La Ribera',
];
const COMMON_AMENITIES = [77, 74, 42, 49, 131, 122, 128, 130, 132, 139, 141, 154, 155, 140, 146, 147];
const OPTIONAL_AMENITIES = [
  87, 88, 105, 30, 58, 127, 7, 54, 102, 81, 118, 119, 125, 114, 12, 6, 52, 55, 161, 1064, 1068, 121, 150, 152, 159, 167,
  169, 170, 180, 1390, 1381, 1391,
];
const FEE_IDS = [5, 1012, 1013, 1015, 1036, 1046, 1044];
const ZONES = ['interior', 'exterior', 'bedroom', 'kitchen', 'bathroom', 'living room', 'terrace', 'pool', 'views'];
const COST_CONCEPTS = [
  'Limpieza extra',
  'Reparación caldera',
  'Comisión de gestión',
  'Suministro de agua',
  'Electricidad',
  'Cambio de cerradura',
  'Lavandería',
  'Reposición de menaje',
  'Jardinería',
  'Mantenimiento piscina',
];

export function generateInventory(store: Store, rng: Rng, listingCount: number): void {
  const destCount = Math.max(3, Math.min(PLACES.length, Math.round(Math.sqrt(listingCount))));
  const places = PLACES.slice(0, destCount);
  places.forEach((p, i) => {
    const id = store.newId('destination');
    const town = p.towns[0]!;
    store.destinations.set(id, {
      id,
      name: { es: p.name.es, en: p.name.en },
      tax: p.tax,
      lat: town.lat,
      lng: town.lng,
      order: i + 1,
      exempt_age: 16,
      max_days: rng.pick([30, 60, 90]),
      min_days_long_stay: 28,
      text: { es: `Apartamentos turísticos en ${p.name.es}.`, en: `Holiday rentals in ${p.name.en}.` },
      dinamic_url: { es: slug(p.name.es), en: slug(p.name.en) },
      menu_name: { es: p.name.es, en: p.name.en },
      updatedAt: 0,
    });
  });

  const ownerCount = Math.max(5, Math.ceil(listingCount / 4));
  for (let i = 0; i < ownerCount; i++) {
    const id = store.newId('owner');
    const set = NAME_SETS[rng.chance(0.8) ? 0 : rng.int(1, NAME_SETS.length - 1)]!;
    const sex = rng.chance(0.5) ? 'M' : 'F';
    const p = { name: rng.pick(set.first[sex]), lastname: `${rng.pick(set.last)} ${rng.pick(set.last)}` };
    const company = rng.chance(0.35);
    const town = rng.pick(rng.pick(places).towns);
    store.owners.set(id, {
      id,
      company_name: company ? `${rng.pick(EPITHETS)} Gestión ${rng.pick(['S.L.', 'S.L.U.', 'S.A.'])}` : '',
      name: `${p.name} ${p.lastname}`,
      email: email(p, id),
      phone: `+34 6${rng.int(10_000_000, 99_999_999)}`,
      document_number: company ? `B${rng.int(10_000_000, 99_999_999)}` : dni(rng),
      fiscal_address: `${rng.pick(rng.pick(places).streets)} ${rng.int(1, 120)}`,
      fiscal_city: town.name,
      fiscal_phone: `+34 9${rng.int(10_000_000, 99_999_999)}`,
      fiscal_postal_code: town.zip,
      tourist_tax: rng.pick([0, 0, 1]),
      updatedAt: 0,
    });
    for (let c = rng.int(0, 5); c > 0; c--) {
      const cid = store.newId('cost');
      store.costs.set(cid, {
        id: cid,
        owner_id: id,
        concept: rng.pick(COST_CONCEPTS),
        amount: rng.int(1500, 60_000) / 100,
        details: {},
        updatedAt: 0,
      });
    }
  }
  const ownerIds = [...store.owners.keys()];

  // Categories group single units by destination and kind; each multi-unit listing is its own category.
  const categoryOf = new Map<string, number>();
  for (let i = 0; i < listingCount; i++) {
    const destId = 1 + (i % destCount);
    const place = places[destId - 1]!;
    const town = rng.pick(place.towns);
    const kind = rng.weighted(KINDS.map((k) => [k, k.weight] as const));
    const mu = kind.type === 1 || kind.type === 4 ? rng.chance(0.15) : false;
    const id = store.newId('listing');
    let categoryId: number;
    const key = `${destId}:${kind.type}`;
    if (mu || !categoryOf.has(key)) {
      categoryId = store.newId('category');
      store.categories.set(categoryId, {
        id: categoryId,
        name: `${kind.es} ${place.name.es}${mu ? ` (${id})` : ''}`,
        destination: destId,
      });
      if (!mu) categoryOf.set(key, categoryId);
    } else categoryId = categoryOf.get(key)!;

    const bedrooms = rng.int(kind.bedrooms[0], kind.bedrooms[1]);
    const rooms: Record<string, Bed[]> = {};
    let beds = 0;
    for (let r = 1; r <= bedrooms; r++) {
      const double = r === 1 || rng.chance(0.4);
      rooms[String(r)] = [{ type: double ? 'Double' : 'Single', num_beds: double ? 1 : 2 }];
      beds += 2;
    }
    const sofa = bedrooms === 0 || rng.chance(0.4) ? 1 : 0;
    const capacity = Math.max(2, beds + sofa * 2);
    const bathrooms = Math.max(1, Math.ceil(bedrooms / 2));
    const epithet = rng.pick(EPITHETS);
    const street = rng.pick(place.streets);
    const floorNo = kind.type === 2 || kind.type === 3 ? '' : String(rng.int(0, 7));
    const door = floorNo === '' ? '' : rng.pick(['1', '2', '3', 'A', 'B', 'C']);
    const checkin = rng.pick([14, 15, 16]) * 60;
    const listing: Listing = {
      id,
      active: rng.chance(0.93) ? 1 : 0,
      name: mu ? `Aparthotel ${epithet} · ${kind.es}` : `${kind.es} ${epithet}${door ? ` ${floorNo}${door}` : ''}`,
      mu,
      units: mu ? rng.int(3, 8) : 1,
      categoryId,
      destination: destId,
      street: `${street} ${rng.int(1, 140)}`,
      floor: floorNo,
      door,
      city: town.name,
      state: place.state,
      country: 73,
      zipcode: town.zip,
      license: place.license(rng.int(1, 9_999_999)),
      lat: round6(town.lat + (rng.next() - 0.5) * 0.03),
      lng: round6(town.lng + (rng.next() - 0.5) * 0.03),
      person_capacity: capacity,
      bathrooms,
      bath: rng.int(0, bathrooms),
      bedrooms,
      m2: rng.int(kind.m2[0], kind.m2[1]),
      longstay: rng.chance(0.2),
      checkinfrom: hhmm(checkin),
      checkinto: hhmm(rng.pick([20, 21, 22]) * 60),
      checkout: hhmm(rng.pick([10, 11, 12]) * 60),
      latecheckinfrom: rng.chance(0.6) ? hhmm(22 * 60) : null,
      latecheckinto: rng.chance(0.6) ? hhmm(23 * 60 + 59) : null,
      price_latecheckin: rng.chance(0.6) ? rng.pick([20, 30, 40]) : null,
      entry_limit_time: rng.chance(0.5) ? hhmm(rng.pick([23 * 60, 23 * 60 + 59, 0])) : null,
      deposit: rng.pick([0, 150, 200, 300, 500]),
      intercom_number: rng.chance(0.6) ? `${floorNo || '0'}${door || '1'}` : null,
      key_number: rng.chance(0.8) ? `K-${id}` : null,
      wifi_network: rng.chance(0.9) ? `${slug(epithet).toUpperCase().slice(0, 12)}_${rng.int(10, 99)}` : null,
      wifi_password: rng.chance(0.9) ? `${slug(epithet).slice(0, 6)}${rng.int(1000, 9999)}` : null,
      tourist_tax: place.tax,
      description: {
        es: `${kind.es} de ${bedrooms} dormitorio(s) en ${town.name}, a pocos minutos de todo. Capacidad para ${capacity} personas.`,
        en: `${bedrooms}-bedroom ${kind.en.toLowerCase()} in ${town.name}, minutes from everything. Sleeps ${capacity}.`,
      },
      short_description: { es: `${kind.es} en ${town.name}`, en: `${kind.en} in ${town.name}` },
      property_type: kind.type,
      url: `${slug(kind.en)}-${slug(epithet)}-${id}`,
      num_sofa_beds: sofa || rng.chance(0.5) ? sofa : null,
      fees: rng.sample(FEE_IDS, rng.int(1, 3)).sort((a, b) => a - b),
      services: [
        ...rng.sample(COMMON_AMENITIES, rng.int(6, 12)),
        ...rng.sample(OPTIONAL_AMENITIES, rng.int(2, 10)),
      ].sort((a, b) => a - b),
      owner_id: rng.pick(ownerIds),
      rooms,
      synchronization_category: rng.weighted([
        ['none', 25],
        ['channel_manager', 45],
        ['ical', 20],
        ['api', 10],
      ]),
      updatedAt: 0,
    };
    store.listings.set(id, listing);
    generatePhotos(store, rng, listing);
  }

  for (const category of store.categories.values()) {
    const id = store.newId('rate');
    store.rates.set(id, {
      id,
      name: `Tarifa ${category.name}`,
      parent_rate: null,
      increment_by_person: null,
      modify_price: null,
      modify: null,
      listing_id: null,
      category_id: category.id,
      policy: rng.chance(0.5) ? POLICIES[0]! : null,
      basePrice: rng.int(60, 160),
      updatedAt: 0,
    });
  }
  for (const listing of store.listings.values()) generateRates(store, rng, listing);
}

const POLICIES: Policy[] = [
  {
    name: 'Flexible',
    description: 'Cancelación gratuita hasta 15 días antes de la llegada.',
    prepaid: { percent: 30, less_than_days: 15, percent2: 100 },
  },
  {
    name: 'Moderada',
    description: 'Reembolso del 50 % hasta 30 días antes.',
    prepaid: { percent: 50, less_than_days: 30, percent2: 100 },
  },
  {
    name: 'No reembolsable',
    description: 'Pago íntegro al reservar, sin reembolso.',
    prepaid: { percent: 100, less_than_days: 0, percent2: 100 },
  },
];

export function generateRates(store: Store, rng: Rng, listing: Listing): void {
  const base = Math.round(
    (45 + listing.bedrooms * 28 + (listing.property_type === 3 ? 180 : 0)) * (0.85 + rng.next() * 0.5),
  );
  const std = store.newId('rate');
  store.rates.set(std, {
    id: std,
    name: 'Estándar',
    parent_rate: null,
    increment_by_person:
      listing.person_capacity > 4
        ? [
            {
              minimum_people: 5,
              maximum_people: listing.person_capacity,
              increment_type: 'fixed',
              increment_price: rng.pick([10, 15, 20]),
            },
          ]
        : null,
    modify_price: null,
    modify: null,
    listing_id: listing.id,
    category_id: null,
    policy: rng.chance(0.7) ? rng.pick(POLICIES.slice(0, 2)) : null,
    basePrice: base,
    updatedAt: 0,
  });
  /** A rate priced as a percentage off the standard one. */
  const percentOff = (name: string, percent: number, policy: Policy | null) => {
    const id = store.newId('rate');
    store.rates.set(id, {
      id,
      name,
      parent_rate: std,
      increment_by_person: null,
      modify_price: -percent,
      modify: 'percent',
      listing_id: listing.id,
      category_id: null,
      policy,
      basePrice: base,
      updatedAt: 0,
    });
  };
  if (rng.chance(0.6)) percentOff('No reembolsable', 10, POLICIES[2]!);
  if (listing.longstay) percentOff('Estancia larga', 25, null);
}

function generatePhotos(store: Store, rng: Rng, listing: Listing): void {
  const n = rng.int(3, 12);
  for (let position = 1; position <= n; position++) {
    const id = store.newId('photo');
    const zone = position === 1 ? 'interior' : rng.pick(ZONES);
    const outside = zone === 'exterior' || zone === 'terrace' || zone === 'pool' || zone === 'views';
    store.photos.set(id, {
      id,
      listing_id: listing.id,
      name: `https://img.stayboard-sim.test/listings/${listing.id}/${id}.jpg`,
      zone,
      type: outside ? 2 : 1,
      position,
      alt_text: { es: `${listing.name}: ${zone}`, en: `${listing.name}: ${zone}` },
      title: { es: zone.charAt(0).toUpperCase() + zone.slice(1), en: zone },
      updatedAt: 0,
    });
  }
}

export function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
