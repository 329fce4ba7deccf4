// Handlers of destinations, origins, admins (intranet users), owners and
// costs: lists, single reads (owner and cost detail unwrapped, admin under
// `User`), creates and updates with their uniqueness and reference checks.
import { adminWrite, costWrite, destinationWrite, ownerWrite } from '../../shared/api/organisation';
import { dayOf } from '../days';
import type { Admin, Cost, Destination, Owner } from '../model';
import { adminWire, costDetailWire, costRowWire, originWire, ownerWire } from '../wire/operations';
import { destinationWire } from '../wire/inventory';
import { created, intParam, invalid, ok, pathRecord, updated, validBody, type Ctx, type Handler } from './context';

const OWNER_FIELDS = [
  'company_name',
  'name',
  'email',
  'phone',
  'document_number',
  'fiscal_address',
  'fiscal_city',
  'fiscal_phone',
  'fiscal_postal_code',
] as const;

type AdminBody = ReturnType<typeof adminWrite.parse>;

function applyAdmin(ctx: Ctx, admin: Admin, b: AdminBody): void {
  const { password, date_of_birth, active, ...rest } = b;
  if (rest.username !== undefined) {
    const taken = [...ctx.store.admins.values()].some((a) => a.username === rest.username && a.id !== admin.id);
    if (taken) invalid('username', 'has already been taken');
  }
  Object.assign(admin, rest);
  // Only a hash is kept, as a real back office would.
  if (password !== undefined)
    admin.passwordHash = `$2y$10$sim.${Buffer.from(password).toString('base64url').slice(0, 40)}`;
  if (date_of_birth !== undefined) admin.date_of_birth = dayOf(date_of_birth.replaceAll('/', '-'));
  if (active !== undefined) admin.active = active === 'true';
  admin.updatedAt = ctx.now;
}

const ownerOf = (ctx: Ctx, cost: Cost): Owner | undefined =>
  cost.owner_id === null ? undefined : ctx.store.owners.get(cost.owner_id);

export const organisationHandlers = {
  'destinations.list': (ctx) =>
    ok({
      data: [...ctx.store.destinations.values()].sort((a, b) => a.order - b.order || a.id - b.id).map(destinationWire),
    }),

  'destinations.get': (ctx) => ok({ data: destinationWire(pathRecord(ctx, ctx.store.destinations, 'Destination')) }),

  'destinations.create': (ctx) => {
    const b = validBody(ctx, destinationWrite);
    if (!b.name || Object.keys(b.name).length === 0) invalid('name', 'is required');
    const id = ctx.store.newId('destination');
    const d: Destination = {
      id,
      name: b.name,
      tax: b.tax ?? 0,
      lat: b.lat ?? 0,
      lng: b.lng ?? 0,
      order: b.order ?? id,
      exempt_age: b.exempt_age ?? 16,
      max_days: b.max_days ?? 30,
      min_days_long_stay: b.min_days_long_stay ?? 28,
      text: b.text ?? {},
      dinamic_url: b.dinamic_url ?? {},
      menu_name: b.menu_name ?? b.name,
      updatedAt: ctx.now,
    };
    ctx.store.destinations.set(id, d);
    return created(ctx, id, () => destinationWire(d));
  },

  'destinations.update': (ctx) => {
    const d = pathRecord(ctx, ctx.store.destinations, 'Destination');
    const { tax, lat, lng, ...rest } = validBody(ctx, destinationWrite);
    Object.assign(d, rest);
    if (tax !== undefined) d.tax = tax;
    if (lat !== undefined) d.lat = lat;
    if (lng !== undefined) d.lng = lng;
    d.updatedAt = ctx.now;
    ctx.resultId = d.id;
    return updated(() => destinationWire(d));
  },

  'origins.list': (ctx) => ok({ data: [...ctx.store.origins.values()].map(originWire) }),

  'admins.list': (ctx) => ok({ data: [...ctx.store.admins.values()].map(adminWire) }),

  'admins.get': (ctx) => ok({ User: adminWire(pathRecord(ctx, ctx.store.admins, 'User')) }),

  'admins.create': (ctx) => {
    const b = validBody(ctx, adminWrite);
    if (!b.username) invalid('username', 'is required');
    if (!b.password) invalid('password', 'is required');
    const id = ctx.store.newId('admin');
    const admin: Admin = {
      id,
      username: b.username,
      passwordHash: '',
      department: 'Reception',
      name: '',
      last_name: '',
      date_of_birth: dayOf('1990-01-01'),
      address: '',
      city: '',
      zip_code: '',
      email: '',
      phone: '',
      active: true,
      notes: '',
      iso_lang: 'ES',
      user_type: 'Internal',
      updatedAt: ctx.now,
    };
    applyAdmin(ctx, admin, b);
    ctx.store.admins.set(id, admin);
    return created(ctx, id, () => adminWire(admin));
  },

  'admins.update': (ctx) => {
    const admin = pathRecord(ctx, ctx.store.admins, 'User');
    applyAdmin(ctx, admin, validBody(ctx, adminWrite));
    ctx.resultId = admin.id;
    return updated(() => adminWire(admin));
  },

  'owners.list': (ctx) => ok({ data: [...ctx.store.owners.values()].map((o) => ownerWire(o, 'list')) }),

  'owners.get': (ctx) => ok(ownerWire(pathRecord(ctx, ctx.store.owners, 'Owner'), 'get')),

  'owners.create': (ctx) => {
    const b = validBody(ctx, ownerWrite);
    if (!b.name && !b.company_name) invalid('name', 'a name or a company name is required');
    const id = ctx.store.newId('owner');
    const owner: Owner = {
      id,
      company_name: '',
      name: '',
      email: '',
      phone: '',
      document_number: '',
      fiscal_address: '',
      fiscal_city: '',
      fiscal_phone: '',
      fiscal_postal_code: '',
      tourist_tax: 0,
      ...b,
      updatedAt: ctx.now,
    };
    ctx.store.owners.set(id, owner);
    return created(ctx, id, () => ownerWire(owner, 'get'));
  },

  'owners.update': (ctx) => {
    const owner = pathRecord(ctx, ctx.store.owners, 'Owner');
    Object.assign(owner, validBody(ctx, ownerWrite), { updatedAt: ctx.now });
    ctx.resultId = owner.id;
    return updated(() => ownerWire(owner, 'get'));
  },

  'costs.list': (ctx) => {
    const ownerId = intParam(ctx, 'owner_id');
    const rows = [...ctx.store.costs.values()].filter((c) => ownerId === undefined || c.owner_id === ownerId);
    return ok({ data: rows.map(costRowWire) });
  },

  'costs.get': (ctx) => {
    const cost = pathRecord(ctx, ctx.store.costs, 'Cost');
    return ok(costDetailWire(cost, ownerOf(ctx, cost)));
  },

  // The spec: a cost's write payload has the owner record's shape; owner_id, concept and amount are
  // only seen in an overview. None is said to be mandatory, so none is required here: a cost without
  // them is kept with no owner, no concept and 0. An owner_id that is sent must name an owner.
  'costs.create': (ctx) => {
    const b = validBody(ctx, costWrite);
    if (b.owner_id !== undefined && !ctx.store.owners.has(b.owner_id)) invalid('owner_id', 'unknown owner');
    const id = ctx.store.newId('cost');
    const cost: Cost = {
      id,
      owner_id: b.owner_id ?? null,
      concept: b.concept ?? '',
      amount: b.amount ?? 0,
      details: {},
      updatedAt: ctx.now,
    };
    for (const f of OWNER_FIELDS) if (b[f] !== undefined) cost.details[f] = b[f];
    ctx.store.costs.set(id, cost);
    return created(ctx, id, () => costDetailWire(cost, ownerOf(ctx, cost)));
  },

  'costs.update': (ctx) => {
    const cost = pathRecord(ctx, ctx.store.costs, 'Cost');
    const b = validBody(ctx, costWrite);
    if (b.owner_id !== undefined && !ctx.store.owners.has(b.owner_id)) invalid('owner_id', 'unknown owner');
    if (b.owner_id !== undefined) cost.owner_id = b.owner_id;
    if (b.concept !== undefined) cost.concept = b.concept;
    if (b.amount !== undefined) cost.amount = b.amount;
    for (const f of OWNER_FIELDS) if (b[f] !== undefined) cost.details[f] = b[f];
    cost.updatedAt = ctx.now;
    ctx.resultId = cost.id;
    return updated(() => costDetailWire(cost, ownerOf(ctx, cost)));
  },
} satisfies Record<string, Handler>;
