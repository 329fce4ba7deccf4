// Hash routes as data: the screens there are, and `#/booking/1042?tab=guests`
// parsed into a typed route and formatted back. Pure functions, no state.
export const ROUTE_NAMES = [
  'today',
  'arrivals',
  'registration',
  'cleaning',
  'maintenance',
  'incidents',
  'booking',
  'newBooking',
  'calendar',
  'listings',
  'prices',
  'owners',
  'costs',
  'destinations',
  'admins',
  'sync',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface Route {
  name: RouteName;
  /** The id segment after the name (`/booking/1042` → "1042"), when present. */
  id: string | null;
  query: Record<string, string>;
}

const NAMES: ReadonlySet<string> = new Set(ROUTE_NAMES);

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const first = segments[0] ?? 'today';
  const name: RouteName = NAMES.has(first) ? (first as RouteName) : 'today';
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) query[k] = v;
  return { name, id: NAMES.has(first) ? (segments[1] ?? null) : null, query };
}

export type QueryValue = string | number | boolean | null | undefined;

export function formatHash(route: {
  name: RouteName;
  id?: string | number | null;
  query?: Record<string, QueryValue>;
}) {
  let hash = `#/${route.name}`;
  if (route.id !== undefined && route.id !== null && route.id !== '')
    hash += `/${encodeURIComponent(String(route.id))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(route.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const search = params.toString();
  return search ? `${hash}?${search}` : hash;
}
