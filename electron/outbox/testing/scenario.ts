// One randomized run of the outbox against the simulator with its faults on
// (the fault suite in npm test and the --runs soak script share it). A run
// seeds a device's cache from one listing, then plays phases: random edits
// made offline while "another user" changes and deletes the same records;
// replay with resets before and after processing, 5xx, 429, timeouts, token
// expiry and kills of the engine at random instants (each followed by a
// restart on the same database), while the person edits again the fields of
// updates whose request just failed or is leaving (late-edits.ts); then calm
// replay, conflicts resolved at random, refusals the run caused on purpose
// discarded. After every phase it checks, from outside the outbox: every
// field I changed holds my last value, or — exactly when the other user
// changed it to a value different from every value this app set — a conflict
// was surfaced and the server holds the value the person chose; no conflict
// anywhere else (none with this app's own writes); nothing is left unsent;
// cache and server agree on every touched record. At the end: every create
// applied exactly once (by the simulator's mutation log).
import { mulberry32 } from '../../../simulator/prng';
import { addDays } from '../../cache/queries/common';
import { listingsTable, photosTable } from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import { currentRecord } from '../enqueue';
import { getEntry, resolveId } from '../entries';
import { canonIn, canonOf } from '../kinds/fields';
import { KIND_SPECS } from '../kinds';
import type { EditReceipt } from '../../../shared/contract';
import type { Kind, Rec, TraceEvent } from '../types';
import { Device } from './rig';
import { editWhileReplaying, enqueueUpdate } from './late-edits';
import { checkEdits, compareWithServer, serverRecord, type FieldEdit, type Target } from './oracle';
import { seedAdmins, seedBooking, seedListing } from './seed';
import { EDITABLE, TODAY, pathOf, randomChanges, randomValue, type World } from './world';

export interface RunOptions {
  phases?: number;
  /** Edits per phase, [min, max]. */
  edits?: [number, number];
  faults?: boolean;
  kills?: boolean;
  /** The client's deadline while faults are on (hangs cost this much). */
  requestTimeoutMs?: number;
  /** The outbox's wait after a write of unknown outcome (Backoff.settleMs; 0 shows what happens without it). */
  settleMs?: number;
}

/** Seeding, checking and calm replay use a deadline a loaded machine always meets. */
const CALM_TIMEOUT_MS = 5000;

export interface RunStats {
  edits: number;
  creates: number;
  deletes: number;
  otherWrites: number;
  /** Edits made while replay ran, of fields whose request had just failed or was leaving. */
  lateEdits: number;
  conflicts: number;
  kills: number;
  expectedRejections: number;
  signIns: number;
  requests: number;
}

/** Every count at zero: where a run's statistics, and their sum over runs, start. */
export function noStats(): RunStats {
  return {
    edits: 0,
    creates: 0,
    deletes: 0,
    otherWrites: 0,
    lateEdits: 0,
    conflicts: 0,
    kills: 0,
    expectedRejections: 0,
    signIns: 0,
    requests: 0,
  };
}

export interface RunReport {
  seed: number;
  problems: string[];
  stats: RunStats;
}

const key = (kind: Kind, id: number, field: string) => `${kind}:${id}:${field}`;

/** A number in letters (0 → "a", 27 → "bb"): names take letters only (shared/domain/person-names.ts). */
const lettersOf = (n: number): string =>
  [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');

export async function runScenario(world: World, seed: number, options: RunOptions = {}): Promise<RunReport> {
  const r = mulberry32(seed);
  const jitter = r.fork(1);
  const faultDraws = r.fork(2);
  const lateDraws = r.fork(3);
  const o = {
    phases: 3,
    edits: [3, 10] as [number, number],
    faults: true,
    kills: true,
    requestTimeoutMs: 200,
    settleMs: 100,
    ...options,
  };
  const problems: string[] = [];
  const stats = noStats();
  const { sim, other } = world;
  const run = ++world.runs;
  sim.resetFaults();
  const startRequests = sim.requestLog().length;
  const startedAt = Date.now();
  let hook: ((e: TraceEvent) => void) | null = null;
  const traced: { at: number; e: unknown }[] = [];
  const dev = new Device({
    url: sim.url,
    user: sim.user,
    password: sim.password,
    requestTimeoutMs: CALM_TIMEOUT_MS,
    outbox: {
      random: () => jitter.next(),
      trace: (e) => {
        // Kept for the report of a create applied other than once or a field lost: what the outbox did, and when
        // (an update's body too: its values are what a lost field is traced by).
        traced.push({ at: Date.now(), e: e.type === 'send' && e.op !== 'update' ? { ...e, body: undefined } : e });
        hook?.(e);
      },
      backoff: { baseMs: 2, maxMs: 20, settleMs: o.settleMs },
    },
  });
  dev.faults.random = () => faultDraws.next();
  const timers: NodeJS.Timeout[] = [];
  try {
    // ── the cache, as sync would have filled it ──
    const listing = r.pick(world.listings);
    await seedListing(dev.db, dev.current.client, {
      listingId: listing,
      from: addDays(TODAY, -3),
      to: addDays(TODAY, 20),
    });
    const photos = await dev.current.client.list('photos.list', { query: { listing_id: listing } });
    upsertRecords(dev.db, photosTable, photos.items);
    const bookingIds = r.sample(dev.db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1'), 3);
    for (const b of bookingIds) await seedBooking(dev.db, dev.current.client, b);
    const pick = (sql: string, n: number) => r.sample(dev.db.pluck<number>(sql), n);
    const targets: Target[] = [];
    const add = (kind: Kind, ids: number[]) => ids.forEach((id) => targets.push({ kind, id, gone: null }));
    add('cleaning', pick('SELECT id FROM cleaning ORDER BY id', 3));
    add('maintenance', pick('SELECT id FROM maintenance ORDER BY id', 2));
    add('incidents', pick('SELECT id FROM incidents ORDER BY id', 1));
    add('bookings', r.sample(bookingIds, 2));
    add('guests', pick('SELECT id FROM guests WHERE id > 0 ORDER BY id', 2));
    add('customers', pick('SELECT id FROM customers ORDER BY id', 1));
    add('blocks', pick('SELECT id FROM blocks WHERE id > 0 ORDER BY id', 1));
    // The listing itself (as sync's listing pass would have cached it).
    upsertRecords(dev.db, listingsTable, [await dev.current.client.one('listings.get', { id: listing })]);
    add('listings', [listing]);
    add('photos', pick('SELECT id FROM photos WHERE id > 0 ORDER BY id', 1));
    await seedAdmins(dev.db, dev.current.client);
    add('admins', pick('SELECT id FROM admins WHERE id IS NOT NULL ORDER BY id', 1));
    const threads = dev.db.all<{ id: number; booking_number: number }>(
      'SELECT id, booking_number FROM threads ORDER BY id',
    );
    const choices = new Map<string, 'mine' | 'theirs'>();
    // The server's value of fields as this run knows it (the other user's writes, the outcomes of mine);
    // a field not in here still has the value the cache was seeded with.
    const server = new Map<string, unknown>();
    let serial = 0;

    for (let phase = 0; phase < o.phases; phase++) {
      const edits = new Map<string, FieldEdit>();
      /** Fields the other user wrote in this phase. */
      const theirs = new Set<string>();
      const surfaced = new Set<string>();
      // Records the outbox had something to do with in this phase: the ones it must have brought in line.
      const touched = new Set<Target>();
      const live = () => targets.filter((t) => t.gone === null);
      const outbox = () => dev.current.outbox;

      // ── offline: my edits, the other user's changes in between ──
      const n = r.int(o.edits[0], o.edits[1]);
      for (let i = 0; i < n; i++) {
        const op = r.weighted([
          ['update', 60],
          ['guest', 9],
          ['message', 8],
          ['block', 8],
          ['listing', 4],
          ['delete', 5],
        ] as const);
        if (op === 'update') {
          const t = r.pick(live().filter((x) => EDITABLE[x.kind]));
          const changes = randomChanges(r, t.kind);
          const rec = currentRecord(dev.db, t.kind, resolveId(dev.db, t.kind, t.id));
          if (!rec) continue;
          for (const [f, v] of Object.entries(changes)) {
            const k = key(t.kind, t.id, f);
            const prev = edits.get(k);
            edits.set(k, {
              target: t,
              field: f,
              c0: prev ? prev.c0 : canonIn(KIND_SPECS[t.kind].fields, f, rec),
              v: canonOf(KIND_SPECS[t.kind].fields, f, v),
              mine: [...(prev?.mine ?? []), canonOf(KIND_SPECS[t.kind].fields, f, v)],
              existedOnServer: prev ? prev.existedOnServer : resolveId(dev.db, t.kind, t.id) > 0,
            });
          }
          enqueueUpdate(outbox(), t, changes);
          touched.add(t);
          stats.edits++;
        } else if (op === 'delete') {
          const t = live().find(
            (x) => ['cleaning', 'maintenance', 'incidents', 'blocks'].includes(x.kind) && r.chance(0.5),
          );
          if (!t) continue;
          outbox().enqueue(`${t.kind}.delete` as 'cleaning.delete', { id: t.id });
          t.gone = 'mine';
          touched.add(t);
          stats.deletes++;
        } else {
          const marker = `R${seed}n${run}x${phase}x${serial++}`;
          let receipt: EditReceipt;
          let target: Target;
          // The target a create makes (its id: the entry's local id, below).
          const made = (kind: Kind, endpoint: string): Target => ({
            kind,
            id: 0,
            gone: null,
            create: { entryId: receipt.entryId, marker, endpoint },
          });
          if (op === 'guest' && bookingIds.length) {
            const bookingNumber = r.pick(bookingIds);
            receipt = outbox().enqueue('guests.create', {
              bookingNumber,
              // A name is letters only (shared/domain/person-names.ts): the serial in letters.
              guest: { name: 'Rand', lastname: `Guest ${lettersOf(serial)}`, number_id: marker },
            }) as EditReceipt;
            target = made('guests', 'guests.create');
          } else if (op === 'message' && threads.length) {
            const th = r.pick(threads);
            receipt = outbox().enqueue('messages.send', {
              bookingNumber: th.booking_number,
              threadId: th.id,
              message: `Hello ${marker}`,
            }) as EditReceipt;
            target = made('messages', 'threads.send');
          } else if (op === 'block') {
            const start = addDays(TODAY, r.int(40, 300));
            receipt = outbox().enqueue('blocks.create', {
              block: {
                listing_id: String(listing),
                block_type: r.pick([1, 2, 4] as const),
                start_date: start,
                end_date: addDays(start, r.int(0, 4)),
                reason: `Reason ${marker}`,
              },
            }) as EditReceipt;
            target = made('blocks', 'blocks.create');
          } else if (op === 'listing') {
            receipt = outbox().enqueue('listings.create', {
              listing: { name: `Listing ${marker}`, city: r.pick(['Girona', 'Vic', 'Olot']), person_capacity: 4 },
            }) as EditReceipt;
            target = made('listings', 'listings.create');
          } else continue;
          target.id = getEntry(dev.db, receipt.entryId)!.recordId;
          targets.push(target);
          touched.add(target);
          stats.creates++;
        }

        // The other user, working on the same records meanwhile.
        if (r.chance(0.4)) {
          const candidates = live().filter((x) => EDITABLE[x.kind] && resolveId(dev.db, x.kind, x.id) > 0);
          if (candidates.length) {
            const t = r.pick(candidates);
            const sid = resolveId(dev.db, t.kind, t.id);
            if (['cleaning', 'maintenance'].includes(t.kind) && r.chance(0.06)) {
              if ((await other.delete(pathOf(t.kind, sid))) === 200) t.gone = 'theirs';
            } else {
              // Usually a field I am changing too, so conflicts are common.
              const mine = [...edits.values()].filter((e) => e.target === t).map((e) => e.field);
              const changes = randomChanges(r, t.kind);
              if (mine.length && r.chance(0.7)) Object.assign(changes, randomValue(r, t.kind, r.pick(mine)));
              const status = await other.put(pathOf(t.kind, sid), changes);
              if (status !== 200)
                problems.push(`phase ${phase}: the other user's write to ${t.kind} ${sid} got ${status}`);
              else
                for (const [f, v] of Object.entries(changes)) {
                  server.set(key(t.kind, t.id, f), canonOf(KIND_SPECS[t.kind].fields, f, v));
                  theirs.add(key(t.kind, t.id, f));
                }
              stats.otherWrites++;
            }
          }
        }
      }

      // ── online, on a bad day: faults, token expiry, kills ──
      dev.requestTimeoutMs = o.requestTimeoutMs;
      await dev.restart();
      if (o.faults) {
        const rate = (p: number, values: number[]) => (r.chance(p) ? r.pick(values) : 0);
        sim.setFaults({
          resetBeforeRate: rate(0.6, [0.1, 0.2, 0.3]),
          resetAfterRate: rate(0.6, [0.1, 0.2, 0.3]),
          errorRate: rate(0.5, [0.1, 0.2]),
          hangRate: rate(0.15, [0.03, 0.06]),
          malformedRate: rate(0.3, [0.1, 0.2]),
        });
        dev.faults.rate429 = rate(0.3, [0.1, 0.25]);
        if (r.chance(0.3)) timers.push(setTimeout(() => sim.revokeTokens(), r.int(0, 40)));
      }
      const killAt = o.kills ? r.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], r.int(0, 3)).sort((a, b) => a - b) : [];
      let events = 0;
      const late = {
        eligible: (t: Target, f: string) => {
          const k = key(t.kind, t.id, f);
          return edits.get(k)?.existedOnServer === true && !theirs.has(k);
        },
        edited: (t: Target, f: string, v: unknown) => {
          const e = edits.get(key(t.kind, t.id, f))!;
          e.v = v;
          e.mine.push(v);
        },
      };
      hook = (e) => {
        if (e.type !== 'send' && e.type !== 'answered') return;
        if (editWhileReplaying(dev, lateDraws, targets, e, late)) stats.lateEdits++;
        events++;
        if (killAt[0] === events) {
          killAt.shift();
          dev.current.die();
          stats.kills++;
        }
      };
      if (o.kills && r.chance(0.3)) {
        const victim = dev.current;
        timers.push(
          setTimeout(
            () => {
              if (victim === dev.current) {
                victim.die();
                stats.kills++;
              }
            },
            r.int(0, 60),
          ),
        );
      }
      for (let round = 0; round < 10; round++) {
        await outbox()
          .drain({ untilSettled: true, maxMs: 1500 })
          .catch(() => undefined);
        if (!dev.current.transport.dead) break;
        await dev.restart();
      }
      hook = null;
      timers.forEach(clearTimeout);
      timers.length = 0;

      // ── calm: settle, resolve conflicts, discard the refusals this run caused ──
      sim.resetFaults();
      dev.faults.rate429 = 0;
      dev.requestTimeoutMs = CALM_TIMEOUT_MS;
      await dev.restart();
      for (let round = 0; round < 20; round++) {
        if (outbox().paused) {
          // The client gave up after a second 401 (a token revoked right after a re-login):
          // the person signs in again.
          dev.current.client.setCredentials({ user: sim.user, password: sim.password });
          outbox().resume();
          stats.signIns++;
        }
        await outbox().drain({ untilSettled: true, maxMs: 5000 });
        if (outbox().paused) continue;
        const conflict = outbox().list({ states: ['conflict'], limit: 1 })[0];
        if (conflict) {
          const kind = conflict.resource === 'threads' ? 'messages' : (conflict.resource as Kind);
          const fields: Record<string, 'mine' | 'theirs'> = {};
          // A block's dates are one decision: mixing my start with their end could refuse itself.
          const dates = r.chance(0.5) ? 'mine' : 'theirs';
          for (const c of conflict.conflicts) {
            const t = targets.find(
              (x) => x.kind === kind && resolveId(dev.db, kind, x.id) === (conflict.recordId ?? 0),
            );
            const ch = kind === 'blocks' && c.field.endsWith('_date') ? dates : r.chance(0.5) ? 'mine' : 'theirs';
            fields[c.field] = ch;
            const k = key(kind, t?.id ?? conflict.recordId ?? 0, c.field);
            surfaced.add(k);
            choices.set(k, ch);
            stats.conflicts++;
          }
          outbox().resolve({ id: conflict.id, choice: 'mine', fields });
          continue;
        }
        const rejected = outbox().list({ states: ['rejected'] });
        for (const e of rejected) {
          const kind = e.resource === 'threads' ? 'messages' : (e.resource as Kind);
          const t = targets.find((x) => x.kind === kind && resolveId(dev.db, kind, x.id) === e.recordId);
          if (t?.gone === 'theirs' && e.error?.code === 'not_found') stats.expectedRejections++;
          else problems.push(`phase ${phase}: entry ${e.id} (${e.operation}) rejected: ${e.error?.message ?? '?'}`);
          outbox().discard({ id: e.id });
        }
        if (!rejected.length) break;
      }
      const left = outbox().summary();
      if (left.unsent)
        problems.push(
          `phase ${phase}: ${left.unsent} entries left unsent (${JSON.stringify(left)}; paused: ${outbox().paused ?? 'no'}; ${JSON.stringify(
            outbox()
              .list({ states: ['pending', 'unknown'], limit: 3 })
              .map((e) => [e.operation, e.state, e.error?.message]),
          )})`,
        );

      // ── the oracle ──
      const fetched = new Map<string, Promise<Rec | null>>();
      const serverNow = (kind: Kind, id: number) => {
        const fk = `${kind}:${id}`;
        if (!fetched.has(fk)) fetched.set(fk, serverRecord(world, dev, kind, id));
        return fetched.get(fk)!;
      };
      const before = problems.length;
      await checkEdits({ dev, phase, edits, surfaced, choices, server, serverNow, problems });
      // A field lost: what happened to its record, in order (the server's writes, the requests, the outbox's steps).
      for (const p of problems.slice(before)) {
        const lost = /LOST (\w+):(-?\d+):(\w+)/.exec(p);
        if (!lost) continue;
        const [, kind, id, field] = lost as unknown as [string, Kind, string, string];
        const sid = resolveId(dev.db, kind, Number(id));
        const path = pathOf(kind, sid);
        const seen = [
          ...sim
            .mutations()
            .filter((m) => m.at >= startedAt && m.id === sid && m.endpoint === KIND_SPECS[kind].update?.endpoint)
            .map((m) => ({
              at: m.at,
              what: `server ${m.result} by ${m.actor === 'churn' ? 'churn' : `token ${String(m.token).slice(0, 6)}`}: ${field} ${JSON.stringify((m.body as Rec | null)?.[field])}`,
            })),
          ...sim
            .requestLog()
            .slice(startRequests)
            .filter((q) => q.path.split('?')[0]!.endsWith(path))
            .map((q) => ({ at: q.at, what: `request ${q.method} → ${String(q.status)}` })),
          ...(() => {
            // Every step of the record's entries (sent or not: a conflict is found before sending).
            const ids = new Set(
              dev.db.pluck<number>('SELECT id FROM outbox WHERE resource = ? AND record_id IN (?, ?)', [
                kind,
                sid,
                Number(id),
              ]),
            );
            return traced
              .filter((x) => (x.e as { entryIds?: number[] }).entryIds?.some((n) => ids.has(n)))
              .map((x) => ({ at: x.at, what: `outbox ${JSON.stringify(x.e)}` }));
          })(),
        ].sort((a, b) => a.at - b.at);
        for (const s of seen) problems.push(`  ${new Date(s.at).toISOString().slice(11, 23)} ${s.what}`);
      }
      for (const t of touched) await compareWithServer(dev, t, phase, problems, serverNow);
    }

    // ── creates: exactly once each ──
    const mutations = sim.mutations();
    for (const t of targets) {
      if (!t.create) continue;
      const entry = getEntry(dev.db, t.create.entryId);
      const expected = entry && entry.state === 'confirmed' ? (entry.serverId === null ? 0 : 1) : -1;
      const made = mutations.filter(
        (m) =>
          m.endpoint === t.create!.endpoint &&
          m.result === 'applied' &&
          JSON.stringify(m.body).includes(t.create!.marker),
      ).length;
      if (made !== expected) {
        problems.push(
          `create ${t.create.marker}: applied ${made} times, expected ${expected} (entry ${entry?.state ?? 'gone'})`,
        );
        // What happened, in order: the server's applications and requests to that endpoint, the outbox's steps.
        const id = t.create.entryId;
        const seen = [
          ...mutations
            .filter((m) => m.endpoint === t.create!.endpoint && JSON.stringify(m.body).includes(t.create!.marker))
            .map((m) => ({ at: m.at, what: `server ${m.result} id ${String(m.id)}` })),
          ...(() => {
            // The create's requests and the reads of the collection it lands in (same path).
            const log = sim.requestLog().slice(startRequests);
            const path = (q: { path: string }) => q.path.split('?')[0];
            const paths = new Set(log.filter((q) => q.endpoint === t.create!.endpoint).map(path));
            return log
              .filter((q) => q.endpoint === t.create!.endpoint || (q.method === 'GET' && paths.has(path(q))))
              .map((q) => ({ at: q.at, what: `request ${q.method} ${q.path} → ${String(q.status)}` }));
          })(),
          ...traced
            .filter((x) => JSON.stringify(x.e).includes(`"entryIds":[${id}`) || JSON.stringify(x.e).includes(`,${id}]`))
            .map((x) => ({ at: x.at, what: `outbox ${JSON.stringify(x.e)}` })),
        ].sort((a, b) => a.at - b.at);
        for (const s of seen) problems.push(`  ${new Date(s.at).toISOString().slice(11, 23)} ${s.what}`);
      }
    }
  } finally {
    timers.forEach(clearTimeout);
    hook = null;
    sim.resetFaults();
    await dev.close();
  }
  stats.requests = sim.requestLog().length - startRequests;
  return { seed, problems, stats };
}
