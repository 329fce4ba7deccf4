// Handlers of the listing and photo operations: the paginated listing list
// (opaque cursor, absolute next link, filters), single reads, creates and
// updates that later reads reflect, and photo create/update/delete.
import { listingWrite, photoCreate, photoUpdate } from '../../shared/api/listings';
import { countries, states } from '../../shared/codes';
import { SIM } from '../config';
import { generateRates, slug } from '../generate/inventory';
import type { Listing } from '../model';
import { mulberry32 } from '../prng';
import { listingWire, photoWire } from '../wire/inventory';
import {
  HttpError,
  created,
  forbidIfForeign,
  intParam,
  invalid,
  ok,
  pathRecord,
  requiredInt,
  updated,
  validBody,
  type Ctx,
  type Handler,
} from './context';

const CURSOR_PREFIX = 'sbc1:';

export function encodeCursor(afterId: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${afterId}`).toString('base64url');
}

function decodeCursor(raw: string): number {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const m = new RegExp(`^${CURSOR_PREFIX}(\\d{1,15})$`).exec(text);
  if (!m) throw new HttpError(400, 'The cursor is invalid or has expired.');
  return Number(m[1]);
}

function listingOf(ctx: Ctx): Listing {
  return pathRecord(ctx, ctx.store.listings, 'Listing');
}

type ListingBody = ReturnType<typeof listingWrite.parse>;

/** Referenced codes and records of a listing write must exist (422 per field otherwise). */
function checkListingRefs(ctx: Ctx, b: ListingBody): void {
  if (b.destination !== undefined && !ctx.store.destinations.has(b.destination))
    invalid('destination', 'unknown destination');
  if (b.owner_id !== undefined && !ctx.store.owners.has(b.owner_id)) invalid('owner_id', 'unknown owner');
  if (b.state !== undefined && !states.byId(b.state)) invalid('state', 'unknown state code');
  if (b.country !== undefined && !countries.byId(b.country)) invalid('country', 'unknown country code');
}

function applyListing(l: Listing, b: ListingBody, at: number): void {
  const { mu, longstay, ...rest } = b;
  Object.assign(l, rest);
  if (mu !== undefined) {
    l.mu = mu === 1;
    if (l.mu && l.units < 2) l.units = 2;
    if (!l.mu) l.units = 1;
  }
  if (longstay !== undefined) l.longstay = longstay === 1;
  l.updatedAt = at;
}

export const listingHandlers = {
  'listings.list': (ctx) => {
    const perPageRaw = intParam(ctx, 'per_page');
    if (perPageRaw !== undefined && perPageRaw < 1)
      throw new HttpError(400, 'The per_page parameter must be at least 1.');
    const perPage = perPageRaw === undefined ? undefined : Math.min(perPageRaw, SIM.perPageMax);
    const cursorRaw = ctx.query.get('cursor');
    const after = cursorRaw ? decodeCursor(cursorRaw) : 0;
    const category = intParam(ctx, 'category_id');
    const country = intParam(ctx, 'country_id');
    const owner = intParam(ctx, 'owner_id');
    const city = ctx.query.get('city')?.trim().toLowerCase() || undefined;
    const rows = [...ctx.store.listings.values()]
      .filter(
        (l) =>
          l.id > after &&
          (category === undefined || l.categoryId === category) &&
          (country === undefined || l.country === country) &&
          (owner === undefined || l.owner_id === owner) &&
          (city === undefined || l.city.toLowerCase() === city),
      )
      .sort((a, b) => a.id - b.id);
    const page = perPage === undefined ? rows : rows.slice(0, perPage);
    let next: string | null = null;
    if (perPage !== undefined && rows.length > perPage) {
      const params = new URLSearchParams(ctx.query);
      params.set('per_page', String(perPage));
      params.set('cursor', encodeCursor(page[page.length - 1]!.id));
      next = `${ctx.baseUrl}/api/v1/listings?${params.toString()}`;
    }
    return ok({ data: page.map((l) => listingWire(l, 'list')), links: { next } });
  },

  'listings.get': (ctx) => ok({ Listings: listingWire(listingOf(ctx), 'get') }),

  'listings.create': (ctx) => {
    const b = validBody(ctx, listingWrite);
    if (!b.name) invalid('name', 'is required');
    checkListingRefs(ctx, b);
    const store = ctx.store;
    const id = store.newId('listing');
    const destination = b.destination ?? [...store.destinations.keys()][0]!;
    const categoryId = store.newId('category');
    store.categories.set(categoryId, { id: categoryId, name: b.name, destination });
    const listing: Listing = {
      id,
      active: 1,
      name: b.name,
      mu: false,
      units: 1,
      categoryId,
      destination,
      street: '',
      floor: '',
      door: '',
      city: '',
      // Until the body says otherwise, the province of the destination's other listings.
      state: [...store.listings.values()].find((l) => l.destination === destination)?.state ?? 9,
      country: 73,
      zipcode: '',
      license: '',
      lat: 0,
      lng: 0,
      person_capacity: 2,
      bathrooms: 1,
      bath: 0,
      bedrooms: 1,
      m2: 0,
      longstay: false,
      checkinfrom: '15:00',
      checkinto: '21:00',
      checkout: '11:00',
      latecheckinfrom: null,
      latecheckinto: null,
      price_latecheckin: null,
      entry_limit_time: null,
      deposit: 0,
      intercom_number: null,
      key_number: null,
      wifi_network: null,
      wifi_password: null,
      tourist_tax: 0,
      description: {},
      short_description: {},
      property_type: 1,
      url: `${slug(b.name)}-${id}`,
      num_sofa_beds: null,
      fees: [],
      services: [],
      owner_id: b.owner_id ?? [...store.owners.keys()][0]!,
      rooms: {},
      synchronization_category: 'none',
      updatedAt: ctx.now,
    };
    applyListing(listing, b, ctx.now);
    store.listings.set(id, listing);
    // A new listing is sellable at once: it gets a standard rate like the generated ones.
    generateRates(store, mulberry32(store.seed ^ id), listing);
    return created(ctx, id, () => listingWire(listing, 'get'));
  },

  'listings.update': (ctx) => {
    const listing = listingOf(ctx);
    const b = validBody(ctx, listingWrite);
    checkListingRefs(ctx, b);
    applyListing(listing, b, ctx.now);
    ctx.resultId = listing.id;
    return updated(() => listingWire(listing, 'get'));
  },

  'photos.get': (ctx) => ok({ data: photoWire(pathRecord(ctx, ctx.store.photos, 'Photo')) }),

  'photos.list': (ctx) => {
    const listingId = requiredInt(ctx, 'listing_id');
    const rows = [...ctx.store.photos.values()]
      .filter((p) => p.listing_id === listingId)
      .sort((a, b) => a.position - b.position || a.id - b.id);
    return ok({ data: rows.map(photoWire) });
  },

  'photos.delete': (ctx) => {
    const { id } = pathRecord(ctx, ctx.store.photos, 'Photo', 'photo');
    ctx.store.photos.delete(id);
    ctx.store.photoBytes.delete(id);
    ctx.resultId = id;
    return ok({});
  },

  'photos.update': (ctx) => {
    const photo = pathRecord(ctx, ctx.store.photos, 'Photo');
    const b = validBody(ctx, photoUpdate);
    if (b.type !== undefined && b.type !== 1 && b.type !== 2) invalid('type', 'must be 1 (inside) or 2 (outside)');
    Object.assign(photo, b, { updatedAt: ctx.now });
    ctx.resultId = photo.id;
    return updated(() => photoWire(photo));
  },

  'photos.create': (ctx) => {
    const b = validBody(ctx, photoCreate);
    forbidIfForeign(b.listing_id, 'listing');
    if (!ctx.store.listings.has(b.listing_id)) invalid('listing_id', 'unknown listing');
    const bytes = base64Bytes(b.image);
    if (bytes === null) invalid('image', 'must be the image content encoded as base64');
    if (bytes < SIM.imageBytes.min) invalid('image', 'must be at least 50 KB');
    if (bytes > SIM.imageBytes.max) invalid('image', 'must be at most 25 MB');
    const id = ctx.store.newId('photo');
    const position =
      1 +
      Math.max(
        0,
        ...[...ctx.store.photos.values()].filter((p) => p.listing_id === b.listing_id).map((p) => p.position),
      );
    const photo = {
      id,
      listing_id: b.listing_id,
      name: `https://img.stayboard-sim.test/listings/${b.listing_id}/${id}.jpg`,
      zone: 'interior',
      type: b.type === 'external' ? 2 : 1,
      position,
      alt_text: b.alt_text ?? {},
      title: b.title ?? {},
      updatedAt: ctx.now,
    };
    ctx.store.photos.set(id, photo);
    ctx.store.photoBytes.set(id, Buffer.from(b.image.replace(/^data:[\w/+.-]+;base64,/, ''), 'base64'));
    return created(ctx, id, () => photoWire(photo));
  },
} satisfies Record<string, Handler>;

/** Decoded size of base64 content (an optional data: URL prefix is allowed), or null when it is not base64. */
function base64Bytes(s: string): number | null {
  const body = s.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return (body.length / 4) * 3 - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
}
