// Issue 27 case 5: every value the outbox accepts can travel and comes back
// readable. Over generated values (fast-check) for every field of every kind's
// update command: a value accepted at the outbox's door (the command's schema
// and the wire floor, shared/api/wire-values.ts), echoed by the server as it
// may echo it (as sent, or a number as text), is read by the kind's read
// schema without error and shows what was written. And the issue's own values
// are refused at the door, nothing queued, the record unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costRead, destinationRead, parseWith, wireProblems } from '../../shared/api';
import { CommandError, editCommands } from '../../shared/contract';
import { openCache } from '../cache/db';
import { costsTable, destinationsTable } from '../cache/tables';
import { storeWire } from '../cache/testing/fixtures';
import { enqueueEdit } from './enqueue';
import { showsWritten } from './kinds/fields';
import { COMMANDS, KIND_SPECS, type EditName, type FieldCodec } from './kinds';
import { MIGRATIONS } from './testing/rig';

/** Values of every shape a field may be given: right types at their edges, wrong types, prototype keys. */
const anyValue = fc.oneof(
  fc.double(),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer(),
  fc.integer({ min: -3, max: 1000 }),
  fc.constantFrom(0, 1, 2, 1e308, -1e308, 1e-7, 5e-324, 2 ** 53 + 2, 0.1 + 0.2, 12.5, 1e20),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'Valencia', '\uD800x', 'a\u0000b', '2026-06-10', '10:30', '01:30', 'M', 'confirmed', 'es'),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('en', 'es', 'ca', 'EN', '__proto__', 'constructor', 'xx1'), fc.string(), {
    maxKeys: 3,
  }),
  fc.constantFrom({}, JSON.parse('{"__proto__": "x"}') as unknown, JSON.parse('{"es": "Valencia"}') as unknown),
  fc.array(fc.integer({ min: -2, max: 50 }), { maxLength: 4 }),
  fc.anything({ maxDepth: 2 }),
);

/** Fields every kind's read requires, at plain values (a kind's own local form overrides them). */
const COMMON = {
  id: 1,
  rate_id: 1,
  booking_number: 1,
  listing_id: 1,
  date: '2026-06-10',
  start_date: '2026-06-10',
  end_date: '2026-06-12',
  block_type: 1,
  priority: 2,
  state: 1,
  name: 'x',
  days: {},
};

/** A record of the kind as its read shows it: a new one's local form (read schemas read their own form), required fields filled. */
function baseOf(spec: (typeof KIND_SPECS)[keyof typeof KIND_SPECS]): Record<string, unknown> {
  let local: Record<string, unknown> = {};
  try {
    local = spec.create?.local(1, { listingId: 1, bookingNumber: 1 }, {}, 0) ?? {};
  } catch {
    // a kind whose local form needs a payload: the common fields alone
  }
  const base: Record<string, unknown> = { ...COMMON, ...local };
  const unset = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || Number.isNaN(v);
  for (const [k, v] of Object.entries(COMMON)) if (unset(local[k])) base[k] = v;
  return base;
}

const UPDATES = (Object.keys(COMMANDS) as EditName[]).filter((n) => COMMANDS[n].command.op === 'update');
const idKey = (name: EditName) => KIND_SPECS[COMMANDS[name].kind].update?.idKey ?? 'id';

/** The value as it would be queued (null when refused at the door), as enqueueEdit judges it. */
function accepted(name: EditName, field: string, value: unknown): unknown {
  const input = JSON.parse(JSON.stringify({ [idKey(name)]: 7, changes: { [field]: value } }) ?? 'null') as unknown;
  if (Object.keys(wireProblems(input)).length) return null;
  const parsed = parseWith(editCommands[name].input, input);
  if (!parsed.ok || Object.keys(wireProblems(parsed.value)).length) return null;
  const changes = (parsed.value as { changes: Record<string, unknown> }).changes;
  return field in changes ? changes[field] : null;
}

/**
 * How a server may echo what it stored: the field as its read shows it (the codec's read form of
 * the written value — a code-table id shows as its name, a text per language as one text), and a
 * number as its text (the way "1e+308" came back).
 */
function echoes(codec: FieldCodec, written: unknown): unknown[] {
  const rec: Record<string, unknown> = {};
  codec.apply(rec, written);
  const shown = JSON.parse(JSON.stringify(rec[codec.read] ?? null)) as unknown;
  return [shown, ...(typeof shown === 'number' ? [String(shown)] : [])];
}

describe('write values that travel (issue 27, case 5)', () => {
  it('every accepted value of every kind’s update reads back as written (fast-check)', () => {
    let checked = 0;
    const unreadBase: string[] = [];
    const kindsChecked = new Set<string>();
    for (const name of UPDATES) {
      const { kind } = COMMANDS[name];
      const spec = KIND_SPECS[kind];
      const readFields = (spec.read as unknown as { fields?: Record<string, unknown> }).fields ?? {};
      // A record of the kind as the read shows it (a new one's local form; read schemas read their own form).
      const base = baseOf(spec);
      if (!spec.read.safeParse(base).success) {
        unreadBase.push(`${kind}: ${JSON.stringify(spec.read.safeParse(base).error?.issues[0])}`);
        continue;
      }
      for (const [field, codec] of Object.entries(spec.fields)) {
        if (!(codec.read in readFields)) continue; // a field the read record derives (no wire field of that name)
        fc.assert(
          fc.property(anyValue, (value) => {
            const written = accepted(name, field, value);
            if (written === null || written === undefined) return;
            // A local id in a reference is re-pointed to the server's id before it is sent (refs.ts).
            if (typeof written === 'number' && written < 0 && spec.refs?.some((r) => r.payload === field)) return;
            for (const echo of echoes(codec, written)) {
              const back = spec.read.safeParse({ ...base, [codec.read]: echo });
              const what = `${name} ${field}: ${JSON.stringify(written)} echoed ${JSON.stringify(echo)}`;
              expect(back.success ? null : back.error.issues[0]?.message, what).toBeNull();
              expect(showsWritten(spec.fields, field, back.data as Record<string, unknown>, written), what).toBe(true);
            }
            checked++;
            kindsChecked.add(kind);
          }),
          { numRuns: 120, seed: 27 },
        );
      }
    }
    expect(unreadBase).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    expect(kindsChecked.size).toBeGreaterThan(8);
  });

  it('the issue’s values are refused at the door: nothing queued, the record unchanged', () => {
    const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
    storeWire(db, destinationsTable, destinationRead, [{ id: 3, name: 'Valencia', tourist_tax: 1.5 }]);
    storeWire(db, costsTable, costRead, [{ id: 4, owner_id: 1, concept: 'Plumbing', amount: 80 }]);
    const refused: [EditName, unknown][] = [
      ['destinations.update', { id: 3, changes: { name: {} } }],
      ['destinations.update', JSON.parse('{"id": 3, "changes": {"name": {"__proto__": "x"}}}')],
      ['destinations.update', JSON.parse('{"id": 3, "changes": {"name": {"__proto__": {"es": "x"}}}}')],
      ['destinations.update', { id: 3, changes: { name: { es: '   ' } } }],
      ['destinations.update', { id: 3, changes: { tax: 1e308 } }],
      ['destinations.update', { id: 3, changes: { tax: 1e-7 } }],
      ['costs.update', { id: 4, changes: { amount: 1e308 } }],
      ['costs.update', { id: 4, changes: { concept: 'Plumbing\uD800' } }],
    ];
    const before = db.all('SELECT data FROM destinations UNION ALL SELECT data FROM costs');
    for (const [name, input] of refused) {
      let error: unknown = null;
      try {
        enqueueEdit(db, name, input, 1_000);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(input)).toBeInstanceOf(CommandError);
      expect((error as CommandError).code).toBe('invalid_input');
    }
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')!.n).toBe(0);
    expect(db.all('SELECT data FROM destinations UNION ALL SELECT data FROM costs')).toEqual(before);
    // What does travel still goes.
    enqueueEdit(db, 'destinations.update', { id: 3, changes: { name: { es: 'València' }, tax: 2.25 } }, 2_000);
    enqueueEdit(db, 'costs.update', { id: 4, changes: { amount: 99999.99 } }, 2_000);
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')!.n).toBe(2);
  });
});
