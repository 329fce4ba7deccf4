// Local ids must never leave this computer. A record made here (a booking, a
// listing, an owner…) holds a negative local id until the server adopts it
// (electron/outbox/entries.ts nextLocalId counts down from -1; the server's
// ids are positive), so a negative whole number where a request names a
// record — a path segment, an id query parameter, an id field of the body — is
// a local id. This is the ONE definition: the API client refuses such a
// request before sending it (electron/api/client.ts), and the end-to-end suite
// checks the simulator's request log with it (tests/e2e/fixtures.ts).

/** A record id made on this computer (a negative whole number): never sent, resolved to the server's once adopted. */
export const isLocalId = (id: number): boolean => Number.isInteger(id) && id < 0;

/** A negative whole number, as a number or as the text of one ("-4"). */
function isLocal(v: unknown): boolean {
  if (typeof v === 'number') return isLocalId(v);
  return typeof v === 'string' && /^-\d+$/.test(v.trim());
}

/** Names that hold a record's id: `id`, `ids`, `listing_id`, `owner_ids`, `rate_id[]`… */
const ID_NAME = /(^|_)ids?(\[\])?$/i;

/** Where in a body a local id sits ("guest.listing_id"), or null. Other numbers (amounts, counts) may be negative. */
function inBody(value: unknown, path: string, depth = 0): string | null {
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && ID_NAME.test(key)) {
      if (isLocal(v)) return at;
      if (Array.isArray(v)) {
        const i = v.findIndex(isLocal);
        if (i !== -1) return `${at}.${i}`;
      }
    }
    const deeper = inBody(v, at, depth + 1);
    if (deeper) return deeper;
  }
  return null;
}

/**
 * Where a request names a local id — `path /api/v1/bookings/-1`, `query listing_id=-3`,
 * `body guest.id` — or null when it names none. `path` is the request's path
 * with its query (`/api/v1/bookings/-1`, `/api/v1/photos?listing_id=-3`).
 */
export function localIdIn(request: { path: string; body?: unknown }): string | null {
  const [pathname = '', search = ''] = request.path.split('?', 2);
  const segments = pathname.split('/').filter(Boolean);
  for (let segment of segments) {
    try {
      segment = decodeURIComponent(segment);
    } catch {
      // Not percent-encoded text: read as it is.
    }
    if (isLocal(segment)) return `path ${pathname}`;
  }
  for (const [key, value] of new URLSearchParams(search)) {
    if (!ID_NAME.test(key)) continue;
    if (value.split(',').some(isLocal)) return `query ${key}=${value}`;
  }
  const where = inBody(request.body, '');
  return where ? `body ${where}` : null;
}
