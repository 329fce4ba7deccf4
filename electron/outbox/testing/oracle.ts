// Reading the truth from outside the outbox (tests and the soak only): the
// server's version of a record through plain HTTP as the other user, the
// check of every field the person edited in a phase (their value arrived, or
// a conflict was surfaced exactly where another user caused one), and the
// check that cache and server agree on a record the outbox touched.
import { addDays } from '../../cache/queries/common';
import { recordOf } from '../../cache/tables';
import { KIND_SPECS } from '../kinds';
import { currentRecord } from '../enqueue';
import { resolveId } from '../entries';
import { canonIn, sameIn, sameValue } from '../kinds/fields';
import type { Kind, Rec } from '../types';
import type { Device } from './rig';
import { TODAY, type World } from './world';

export interface Target {
  kind: Kind;
  /** The id the person used (a local id for records made in this run). */
  id: number;
  gone: 'mine' | 'theirs' | null;
  /** Creates: the entry and the marker that finds it in the mutation log. */
  create?: { entryId: number; marker: string; endpoint: string };
}

/** One field the person edited in a phase. */
export interface FieldEdit {
  target: Target;
  field: string;
  /** What the person saw before the first edit of the phase, and the last value they set. */
  c0: unknown;
  v: unknown;
  /** Every value the person set in the phase, in order (canonical). */
  mine: unknown[];
  existedOnServer: boolean;
}

export interface PhaseFacts {
  dev: Device;
  phase: number;
  /** By `kind:id:field`. */
  edits: ReadonlyMap<string, FieldEdit>;
  /** Fields a conflict was surfaced on, and what the person chose there. */
  surfaced: ReadonlySet<string>;
  choices: ReadonlyMap<string, 'mine' | 'theirs'>;
  /** The server's value of fields as the run knows it (the other user's writes); updated to what it must be now. */
  server: Map<string, unknown>;
  serverNow: (kind: Kind, id: number) => Promise<Rec | null>;
  problems: string[];
}

/**
 * Every edited field holds the person's last value, or the other user's where
 * the person chose theirs in a conflict. A conflict is right exactly where
 * the other user set a value that is neither what the person started from
 * nor any value this app set in the phase; anywhere else it is one the app
 * made with itself, and a problem.
 */
export async function checkEdits(p: PhaseFacts): Promise<void> {
  const { dev, phase, problems } = p;
  const checked = new Set<string>();
  // What the other user left in each field, as this phase began (p.server is updated below).
  const theirsAt = new Map([...p.edits].map(([k, e]) => [k, p.server.has(k) ? p.server.get(k) : e.c0]));
  // A conflict of its own: the other user set a value that is neither my base nor one of mine.
  const caused = (k: string, e: FieldEdit) => {
    const w = theirsAt.get(k);
    return e.existedOnServer && !sameValue(w, e.c0) && !e.mine.some((x) => sameValue(w, x));
  };
  // …or, for fields that are one decision (a block's dates), one a mate's conflict brings along when mine differs.
  const mateCaused = (k: string, e: FieldEdit) =>
    !sameValue(theirsAt.get(k), e.v) &&
    (KIND_SPECS[e.target.kind].together ?? []).some(
      (g) =>
        g.includes(e.field) &&
        g.some((f) => {
          const mk = `${k.slice(0, k.length - e.field.length)}${f}`;
          const mate = f === e.field ? undefined : p.edits.get(mk);
          return mate !== undefined && caused(mk, mate);
        }),
    );
  for (const [k, e] of p.edits) {
    const t = e.target;
    if (t.gone) continue;
    checked.add(k);
    const sid = resolveId(dev.db, t.kind, t.id);
    const w = theirsAt.get(k);
    const expectConflict = caused(k, e) || mateCaused(k, e);
    if (expectConflict !== p.surfaced.has(k))
      problems.push(
        `phase ${phase}: ${k} ${expectConflict ? 'conflict NOT surfaced' : 'conflict surfaced without cause'} (base ${JSON.stringify(e.c0)}, theirs ${JSON.stringify(w)}, mine ${e.mine.map((x) => JSON.stringify(x)).join(' then ')})`,
      );
    const expected = expectConflict && p.choices.get(k) === 'theirs' ? w : e.v;
    p.server.set(k, expected);
    const now = await p.serverNow(t.kind, sid);
    if (!now) problems.push(`phase ${phase}: ${t.kind} ${sid} missing on the server`);
    else if (!sameValue(canonIn(KIND_SPECS[t.kind].fields, e.field, now), expected))
      problems.push(
        `phase ${phase}: LOST ${k}: server has ${JSON.stringify(canonIn(KIND_SPECS[t.kind].fields, e.field, now))}, expected ${JSON.stringify(expected)} (base ${JSON.stringify(e.c0)}, theirs ${JSON.stringify(w)}, mine ${e.mine.map((x) => JSON.stringify(x)).join(' then ')})`,
      );
  }
  for (const k of p.surfaced)
    if (!checked.has(k)) problems.push(`phase ${phase}: ${k} conflict surfaced without cause (no edit of mine there)`);
}

/** Where the server answers one record of a kind (path), and the keys it sits under in the answer. */
const READ_ONE: Partial<Record<Kind, readonly [string, ...string[]]>> = {
  cleaning: ['/cleanings', 'data'],
  maintenance: ['/mainteance', 'data'],
  bookings: ['/bookings', 'data'],
  blocks: ['/blocks', 'data'],
  listings: ['/listings', 'Listings'],
  photos: ['/photos', 'data'],
  guests: ['/guests', 'data', 'guest'],
  customers: ['/customers', 'data', 'user'],
  admins: ['/admins', 'User'],
};

/** The server's version of a record, read from outside the outbox; null when it has none. */
export async function serverRecord(world: World, dev: Device, kind: Kind, id: number): Promise<Rec | null> {
  if (id < 0) return null;
  const { other } = world;
  const data = (v: unknown) => (v as { data?: Record<string, unknown> } | null)?.data;
  let raw: unknown;
  switch (kind) {
    case 'incidents': {
      const hint = currentRecord(dev.db, 'incidents', id);
      const props = (hint?.['properties'] as { listing_id: number }[] | undefined) ?? [];
      const date = typeof hint?.['date'] === 'string' ? hint['date'].slice(0, 10) : TODAY;
      const q = `start_date=${addDays(date, -400)}&end_date=${addDays(date, 400)}${props[0] ? `&listing_id=${props[0].listing_id}` : ''}`;
      const list = (data(await other.get(`/incidents?${q}`)) ?? []) as unknown as Record<string, unknown>[];
      raw = list.find((x) => x['id'] === id);
      break;
    }
    case 'messages': {
      const row = dev.db.get<{ booking_number: number; thread_ref: number }>(
        'SELECT booking_number, thread_ref FROM messages WHERE id = ?',
        [id],
      );
      if (!row) return null;
      const list = (data(await other.get(`/threads/${row.booking_number}`)) ?? []) as unknown as {
        id: number;
        messages: Record<string, unknown>[];
      }[];
      raw = list.find((t) => t.id === row.thread_ref)?.messages.find((m) => m['id'] === id);
      break;
    }
    default: {
      // Kinds not listed (rates, prices, owners, costs, destinations) are not compared here: null.
      const one = READ_ONE[kind];
      if (one) raw = one.slice(1).reduce<unknown>((v, k) => (v as Rec | null)?.[k], await other.get(`${one[0]}/${id}`));
    }
  }
  if (!raw) return null;
  const parsed = KIND_SPECS[kind].read.safeParse(raw);
  return parsed.success ? (parsed.data as Rec) : null;
}

/** Cache and server agree on a touched record (every field the outbox can write), and it carries no mark. */
export async function compareWithServer(
  dev: Device,
  t: Target,
  phase: number,
  problems: string[],
  serverNow: (kind: Kind, id: number) => Promise<Rec | null>,
): Promise<void> {
  const sid = resolveId(dev.db, t.kind, t.id);
  const spec = KIND_SPECS[t.kind].table;
  const row = dev.db.get<{ data: string; outbox_mark: string | null }>(
    `SELECT ${recordOf(spec.table)} AS data, outbox_mark FROM "${spec.table}" WHERE "${spec.key}" = ?`,
    [sid],
  );
  if (row?.outbox_mark) problems.push(`phase ${phase}: ${t.kind} ${sid} still marked ${row.outbox_mark}`);
  if (t.gone === 'theirs') return; // sync removes it from the cache; the outbox only must not resurrect it
  const server = await serverNow(t.kind, sid);
  if (t.gone === 'mine' || (t.create && sid < 0)) {
    if (server) problems.push(`phase ${phase}: ${t.kind} ${sid} should be gone from the server`);
    if (row) problems.push(`phase ${phase}: ${t.kind} ${sid} should be gone from the cache`);
    return;
  }
  if (!server || !row) {
    problems.push(
      `phase ${phase}: ${t.kind} ${sid} is ${server ? '' : 'not '}on the server and ${row ? '' : 'not '}cached`,
    );
    return;
  }
  const cached = JSON.parse(row.data) as Rec;
  for (const f of Object.keys(KIND_SPECS[t.kind].fields)) {
    if (t.kind === 'messages' && f === 'thread_id') continue;
    const a = canonIn(KIND_SPECS[t.kind].fields, f, cached);
    const b = canonIn(KIND_SPECS[t.kind].fields, f, server);
    if (!sameIn(KIND_SPECS[t.kind].fields, f, a, b))
      problems.push(`phase ${phase}: ${t.kind} ${sid}.${f}: cache ${JSON.stringify(a)} ≠ server ${JSON.stringify(b)}`);
  }
}
