// A team's working day (bench/suites/team.ts, bench/team/team.test.ts): N
// engines on one simulator with churn, each editing the day's tasks and
// bookings through its own outbox — alone, or two on the same record: the same
// field to the same value, the same field to different values (the second
// edit made once the first is on the server, before its engine has synced
// it: a conflict the person resolves, keeping theirs or mine), or different
// fields. Every `pollMs` of clock time the run reads the server's mutation
// log, times which engines hold the others' changes, answers the conflicts
// shown and starts the next edits. At the end, with churn stopped and the
// engines left to settle, the truth is checked (see ledger.ts, seen.ts, final.ts).
import { recordOf } from '../../electron/cache/tables';
import type { Engine } from '../../electron/engine';
import { KIND_SPECS } from '../../electron/outbox/kinds';
import { EDITABLE } from '../../electron/outbox/testing/world';
import { sameValue } from '../../electron/outbox/kinds/fields';
import { isLiveBooking } from '../../shared/domain/states';
import { mulberry32, type Rng } from '../../simulator/prng';
import { busiestHour } from '../day';
import { compareCaches, readDay, type CacheCheck } from './final';
import { canonField, canonical, Ledger, slotKey, type TeamKind } from './ledger';
import { receivedBy, Sightings } from './seen';
import { startTeam, TODAY, type Requests, type Team, type TeamOptions } from './team';

export interface TeamDayOptions extends TeamOptions {
  /** Working hours with edits (the day then settles for `settleMin`). */
  hours: number;
  /** A new edit (alone or the first of a pair) every so often, from `warmupMin` on. */
  editEveryMs: number;
  warmupMin: number;
  settleMin: number;
  pollMs: number;
}

export type Pattern = 'alone' | 'sameValue' | 'differentValues' | 'differentFields';
const PATTERNS: [Pattern, number][] = [
  ['alone', 40],
  ['sameValue', 20],
  ['differentValues', 25],
  ['differentFields', 15],
];

/** Fields the engines edit: none is one the churn changes. Two-valued ones never go to a "different values" pair. */
const FIELDS: Record<TeamKind, string[]> = {
  cleaning: ['time', 'duration', 'inspected'],
  maintenance: ['hour', 'type'],
  bookings: ['arrival_time', 'opening_code', 'paid', 'key_numbers'],
};
const TWO_VALUED = new Set(['inspected', 'type']);
const UPDATE: Record<TeamKind, 'cleaning.update' | 'maintenance.update' | 'bookings.update'> = {
  cleaning: 'cleaning.update',
  maintenance: 'maintenance.update',
  bookings: 'bookings.update',
};

export interface TeamResult {
  edits: number;
  patterns: Record<Pattern, number>;
  expectedConflicts: number;
  shownConflicts: number;
  /** Fields whose server value is not what the edits must have left, plus edits still unsent at the end. */
  lost: number;
  appliedTwice: number;
  writes: number;
  refused: number;
  /** Minutes from an engine's change applied to each other engine holding it. */
  delays: number[];
  unseen: number;
  busiestTokenHour: number;
  busiestEngineHour: number;
  tooMany: number;
  requests: number[];
  cache: CacheCheck;
  problems: string[];
}

interface FollowUp {
  after: string;
  engine: number;
  kind: TeamKind;
  id: number;
  pattern: Exclude<Pattern, 'alone'>;
  field: string;
  value: unknown;
}

/** The record as the engine shows it (its unsent edits applied), or null when not cached. */
function shown(engine: Engine, kind: TeamKind, id: number): Record<string, unknown> | null {
  const t = KIND_SPECS[kind].table;
  const row = engine.db.get<{ data: string }>(
    `SELECT ${recordOf(t.table)} AS data FROM "${t.table}" WHERE "${t.key}" = ?`,
    [id],
  );
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
}

/** The day's records an engine holds, per kind. */
function dayRecords(engine: Engine): [TeamKind, number][] {
  const ids = (sql: string) => engine.db.pluck<number>(sql, [TODAY]);
  const live = engine.db
    .all<{ id: number; state: number }>(
      'SELECT booking_number AS id, state FROM bookings WHERE ? BETWEEN start_date AND end_date',
      [TODAY],
    )
    .filter((b) => isLiveBooking(b.state));
  return [
    ...ids('SELECT id FROM cleaning WHERE date = ?').map((id): [TeamKind, number] => ['cleaning', id]),
    ...ids('SELECT id FROM maintenance WHERE date = ?').map((id): [TeamKind, number] => ['maintenance', id]),
    ...live.map((b): [TeamKind, number] => ['bookings', b.id]),
  ];
}

class Day {
  readonly ledger = new Ledger();
  readonly sightings: Sightings;
  readonly patterns: Record<Pattern, number> = { alone: 0, sameValue: 0, differentValues: 0, differentFields: 0 };
  private followUps: FollowUp[] = [];
  private readonly used = new Map<string, number>();
  private readonly resolved = new Set<string>();
  refused = 0;

  constructor(
    private readonly team: Team,
    private readonly rng: Rng,
  ) {
    this.sightings = new Sightings(team.engines, (token) =>
      team.requests.findIndex((r) => token !== null && r.byToken.has(token)),
    );
  }

  /** A value of the field the slot has never held (null when the field cannot give one). */
  private fresh(kind: TeamKind, id: number, field: string): unknown {
    const slot = this.ledger.slots.get(slotKey(kind, id, field));
    for (let i = 0; i < 40; i++) {
      const v = EDITABLE[kind]![field]!(this.rng);
      const c = canonical(kind, field, v);
      if (!slot?.values.some((x) => sameValue(x, c))) return v;
    }
    return null;
  }

  /** One engine's edit through its outbox: its entry, or null when the engine does not hold the record. */
  private edit(i: number, kind: TeamKind, id: number, changes: Record<string, unknown>): number | null {
    const engine = this.team.engines[i]!;
    const view = shown(engine, kind, id);
    const received = receivedBy(engine, kind, id);
    if (!view || !received) return null;
    const fields = Object.entries(changes).map(([field, value]) => ({
      slot: this.ledger.slot(kind, id, field, canonField(kind, field, received)),
      seen: canonField(kind, field, view),
      mine: canonical(kind, field, value),
    }));
    const input = kind === 'bookings' ? { bookingNumber: id, changes } : { id, changes };
    const receipt = engine.outbox!.enqueue(UPDATE[kind], input);
    const entryId = Array.isArray(receipt) ? receipt[0]!.entryId : receipt.entryId;
    this.ledger.made(i, entryId, kind, id, fields);
    return entryId;
  }

  /** The first edit of a round: on a record of the day nobody is editing, least used first. */
  round(): void {
    const n = this.team.engines.length;
    const a = this.rng.int(0, n - 1);
    const reserved = new Set(this.followUps.map((f) => `${f.kind}:${f.id}`));
    const free = dayRecords(this.team.engines[a]!).filter(
      ([k, id]) => !this.ledger.busy(k, id) && !reserved.has(`${k}:${id}`),
    );
    if (!free.length) return;
    const least = Math.min(...free.map(([k, id]) => this.used.get(`${k}:${id}`) ?? 0));
    const [kind, id] = this.rng.pick(free.filter(([k, id]) => (this.used.get(`${k}:${id}`) ?? 0) === least));
    this.used.set(`${kind}:${id}`, least + 1);
    const pattern = n > 1 ? this.rng.weighted(PATTERNS) : 'alone';
    const fields = FIELDS[kind].filter((f) => pattern !== 'differentValues' || !TWO_VALUED.has(f));
    const picked = this.rng.sample(fields, pattern === 'alone' ? this.rng.int(1, 2) : 1);
    const changes: Record<string, unknown> = {};
    for (const f of picked) {
      const v = this.fresh(kind, id, f);
      if (v !== null) changes[f] = v;
    }
    const [field] = Object.keys(changes);
    if (field === undefined) return;
    const entryId = this.edit(a, kind, id, changes);
    if (entryId === null) return;
    this.patterns[pattern]++;
    if (pattern === 'alone') return;
    const b = (a + this.rng.int(1, n - 1)) % n;
    this.followUps.push({ after: `${a}:${entryId}`, engine: b, kind, id, pattern, field, value: changes[field] });
  }

  /** Second edits whose first is on the server (settled) now. */
  private followUp(): void {
    const due = this.followUps.filter((f) => !this.ledger.open.has(f.after));
    this.followUps = this.followUps.filter((f) => this.ledger.open.has(f.after));
    for (const f of due) {
      let changes: Record<string, unknown> = { [f.field]: f.value };
      if (f.pattern === 'differentValues') changes = { [f.field]: this.fresh(f.kind, f.id, f.field) };
      if (f.pattern === 'differentFields') {
        const other = this.rng.pick(FIELDS[f.kind].filter((x) => x !== f.field));
        changes = { [other]: this.fresh(f.kind, f.id, other) };
      }
      if (Object.values(changes).includes(null)) continue;
      this.edit(f.engine, f.kind, f.id, changes);
    }
  }

  /** Reads the log, times sightings, answers conflicts (keep mine or take theirs), settles, follows up. */
  poll(now: number): void {
    this.sightings.take(this.team.sim.mutations());
    this.sightings.look(now);
    for (const [i, engine] of this.team.engines.entries()) {
      const outbox = engine.outbox!;
      for (const c of outbox.list({ states: ['conflict'], limit: 1000 })) {
        if (this.resolved.has(`${i}:${c.id}`)) continue;
        this.resolved.add(`${i}:${c.id}`);
        const choice = this.rng.chance(0.5) ? 'mine' : 'theirs';
        this.ledger.conflictShown(
          i,
          c.id,
          c.conflicts.map((x) => x.field),
          choice,
        );
        outbox.resolve({ id: c.id, choice });
      }
      const unsent = outbox.list({ states: ['pending', 'sending', 'unknown', 'conflict', 'rejected'], limit: 1000 });
      for (const r of unsent.filter((e) => e.state === 'rejected' && !this.resolved.has(`${i}:${e.id}`))) {
        this.resolved.add(`${i}:${r.id}`);
        this.refused++;
        this.ledger.problems.push(`engine ${i}: ${r.resource} ${r.recordId} refused: ${r.error?.message ?? '?'}`);
      }
      const ids = new Set(unsent.map((e) => e.id));
      for (const e of [...this.ledger.open.values()])
        if (e.engine === i && !ids.has(e.entryId)) this.ledger.settled(`${i}:${e.entryId}`);
    }
    this.followUp();
  }
}

/** Runs the day and checks it; the team is closed at the end. */
export async function teamDay(o: TeamDayOptions, log: (s: string) => void): Promise<TeamResult> {
  const team = await startTeam(o);
  const { day, sim, engines } = team;
  try {
    const d = new Day(team, mulberry32(o.seed ^ 0x7ea3));
    const start = day.clock.now();
    const editsFrom = start + o.warmupMin * 60_000;
    const editsUntil = start + o.hours * 3_600_000;
    let nextEdit = editsFrom;
    for (let t = start; t < editsUntil + o.settleMin * 60_000; t += o.pollMs) {
      await day.run(o.pollMs);
      const now = day.clock.now();
      d.poll(now);
      for (; nextEdit <= Math.min(now, editsUntil); nextEdit += o.editEveryMs) d.round();
      if (now >= editsUntil) sim.stopChurn();
      if ((now - start) % 3_600_000 < o.pollMs)
        log(`hour ${Math.round((now - start) / 3_600_000)}: ${d.ledger.edits} edits`);
    }
    const unseen = d.sightings.unseenAtEnd(day.clock.now());
    const onServer = await day.until(readDay(team.truth, TODAY), o.pollMs);
    let lost = d.ledger.open.size;
    let appliedTwice = 0;
    let writes = 0;
    for (const [key, s] of d.ledger.slots) {
      const rec = onServer.get(s.kind)?.get(s.id);
      const now = rec ? canonField(s.kind, s.field, rec) : undefined;
      if (!sameValue(now, s.server)) {
        lost++;
        d.ledger.problems.push(`LOST ${key}: server ${JSON.stringify(now)}, must be ${JSON.stringify(s.server)}`);
      }
      const applied = d.sightings.writes(key);
      writes += applied;
      if (applied > s.writes) appliedTwice += applied - s.writes;
      if (applied !== s.writes) d.ledger.problems.push(`${key}: ${applied} writes applied, ${s.writes} expected`);
    }
    const tokens = team.requests.flatMap((r) => [...r.byToken.values()]);
    const ofEngine = (r: Requests) => [...r.byToken.values()].flat().sort((x, y) => x - y);
    return {
      edits: d.ledger.edits,
      patterns: d.patterns,
      expectedConflicts: d.ledger.expectedConflicts,
      shownConflicts: d.ledger.shownConflicts,
      lost,
      appliedTwice,
      writes,
      refused: d.refused,
      delays: d.sightings.delays,
      unseen,
      busiestTokenHour: Math.max(...tokens.map(busiestHour)),
      busiestEngineHour: Math.max(...team.requests.map((r) => busiestHour(ofEngine(r)))),
      tooMany: team.requests.reduce((n, r) => n + r.tooMany, 0),
      requests: team.requests.map((r) => ofEngine(r).length),
      cache: compareCaches(engines, TODAY, onServer),
      problems: d.ledger.problems,
    };
  } finally {
    await team.close();
  }
}
