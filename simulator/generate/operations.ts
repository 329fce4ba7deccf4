// Generates incidents of every priority across the last year and the coming
// months (some touching several listings of one building or destination), and
// the admins (intranet users) and booking origins of the business.
import type { Incident, Store } from '../model';
import type { Rng } from '../prng';
import { NAME_SETS, email } from './people';

const INCIDENTS: { subtitle: string; note: string; priority: 1 | 2 | 3 | 4 }[] = [
  {
    subtitle: 'Fuga de agua en el baño',
    note: 'El huésped avisa de agua bajo el lavabo. Cerrar llave de paso.',
    priority: 4,
  },
  { subtitle: 'Aire acondicionado no enfría', note: 'El split del salón hace ruido y no enfría.', priority: 3 },
  { subtitle: 'Wifi caído', note: 'El router no da conexión; reiniciado sin éxito.', priority: 3 },
  { subtitle: 'Bombilla fundida', note: 'Bombilla del pasillo fundida.', priority: 1 },
  { subtitle: 'Persiana rota', note: 'La persiana del dormitorio principal no sube.', priority: 2 },
  {
    subtitle: 'Cerradura electrónica sin batería',
    note: 'Cambiar pilas de la cerradura antes de la próxima entrada.',
    priority: 4,
  },
  { subtitle: 'Mancha en el sofá', note: 'Mancha de vino en el sofá; avisar a tapicería.', priority: 1 },
  { subtitle: 'Revisión anual de la caldera', note: 'Revisión programada por el técnico.', priority: 2 },
  { subtitle: 'Ruido de vecinos', note: 'Queja de los huéspedes por ruido nocturno.', priority: 2 },
  { subtitle: 'Nevera no enfría', note: 'Comprobar termostato; si no, cambiar nevera.', priority: 3 },
  { subtitle: null as unknown as string, note: 'Revisar estado general tras la salida.', priority: 1 },
];
const DEPARTMENTS: [string, number][] = [
  ['Cleaning', 30],
  ['Maintenance', 15],
  ['Reception', 20],
  ['Reservations', 12],
  ['Administration', 8],
  ['IT', 3],
  ['Management', 5],
  ['Owners', 7],
];

export function generateIncidents(store: Store, rng: Rng): void {
  const byDestination = new Map<number, number[]>();
  for (const l of store.listings.values()) {
    const list = byDestination.get(l.destination) ?? [];
    list.push(l.id);
    byDestination.set(l.destination, list);
  }
  for (const listing of store.listings.values()) {
    for (let n = rng.int(3, 10); n > 0; n--) {
      const day = store.today + rng.int(-365, 90);
      const t = rng.pick(INCIDENTS);
      const priority = rng.chance(0.7) ? t.priority : (rng.int(1, 4) as 1 | 2 | 3 | 4);
      const ids = [listing.id];
      if (rng.chance(0.08)) {
        for (const other of rng.sample(byDestination.get(listing.destination) ?? [], rng.int(1, 2))) {
          if (!ids.includes(other)) ids.push(other);
        }
      }
      const old = day < store.today - 14;
      const incident: Incident = {
        id: store.newId('incident'),
        priority,
        day,
        seconds: rng.int(7 * 3600, 22 * 3600),
        subtitle: t.subtitle ?? null,
        note: t.note,
        images: rng.chance(0.3)
          ? Array.from({ length: rng.int(1, 3) }, (_, i) => `https://img.stayboard-sim.test/incidents/${day}-${i}.jpg`)
          : [],
        properties: ids.map((listing_id) => {
          const finished = (old ? rng.chance(0.85) : day < store.today && rng.chance(0.4)) ? 1 : 0;
          return { listing_id, finished, finish_date: finished ? Math.min(store.today, day + rng.int(0, 10)) : null };
        }),
        updatedAt: 0,
      };
      store.incidents.insert(incident);
    }
  }
}

export function generateAdmins(store: Store, rng: Rng, listingCount: number): void {
  const n = 8 + Math.ceil(listingCount / 25);
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const set = NAME_SETS[rng.chance(0.85) ? 0 : rng.int(1, NAME_SETS.length - 1)]!;
    const sex = rng.chance(0.5) ? 'M' : 'F';
    const name = rng.pick(set.first[sex]);
    const last = `${rng.pick(set.last)} ${rng.pick(set.last)}`;
    let username = `${name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()}.${last
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '')}`;
    if (used.has(username)) username += i;
    used.add(username);
    const id = store.newId('admin');
    const department = rng.weighted(DEPARTMENTS);
    store.admins.set(id, {
      id,
      username,
      passwordHash: `$2y$10$${hashLike(rng)}`,
      department,
      name,
      last_name: last,
      date_of_birth: store.today - rng.int(20 * 365, 60 * 365),
      address: `Calle ${rng.pick(['Mayor', 'del Mar', 'Real', 'Nueva'])} ${rng.int(1, 90)}`,
      city: rng.pick(['Barcelona', 'Málaga', 'Palma', 'València', 'Sevilla']),
      zip_code: String(rng.int(1000, 52999)).padStart(5, '0'),
      email: email({ name, lastname: last }, id),
      phone: `+34 6${rng.int(10_000_000, 99_999_999)}`,
      active: rng.chance(0.9),
      notes: department === 'Cleaning' ? rng.pick(['Turno de mañana', 'Zona centro', 'Fines de semana', '']) : '',
      iso_lang: set.lang === 1 ? 'ES' : 'EN',
      user_type: department === 'Owners' || rng.chance(0.1) ? 'External' : 'Internal',
      updatedAt: 0,
    });
  }
}

export function generateOrigins(store: Store): void {
  const origins: [string, 0 | 1, number][] = [
    ['Web directa', 1, 1],
    ['Booking.com', 1, 1],
    ['Airbnb', 1, 0],
    ['Expedia', 1, 1],
    ['Vrbo', 1, 1],
    ['Teléfono', 1, 1],
    ['Email', 1, 1],
    ['Propietario', 1, 0],
    ['Agencia local', 0, 1],
    ['Google Vacation Rentals', 1, 1],
  ];
  origins.forEach(([name, active, tourist_tax], i) =>
    store.origins.set(i + 1, { id: i + 1, name, active, tourist_tax }),
  );
}

function hashLike(rng: Rng): string {
  const chars = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 53; i++) s += chars[rng.int(0, chars.length - 1)];
  return s;
}
