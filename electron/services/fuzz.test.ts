// Issue 27: generated invalid input for EVERY command of the contract over the
// real dispatcher and handlers (a signed-in account on a real cache with its
// outbox): each answer is a clear `invalid_input` error — a sentence, no stack,
// no crash — and the databases are byte for byte what they were. Two families
// of input per command: anything at all that its schema refuses, and its own
// example with one value swapped for a hostile one (a number that cannot
// travel, broken text, a prototype key, a wrong type, a local id).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costRead, destinationRead, ownerRead, wireProblems } from '../../shared/api';
import { COMMANDS, type CommandName } from '../../shared/contract';
import { COMMAND_EXAMPLES } from '../../shared/contract/testing/examples';
import { openCache, type WritableDB } from '../cache/db';
import { costsTable, destinationsTable, ownersTable } from '../cache/tables';
import { loadHost, makeHost, storeWire } from '../cache/testing/fixtures';
import { enqueueAdmitted } from '../outbox/enqueue';
import { MIGRATIONS } from '../outbox/testing/rig';
import type { OutboxPort } from './engine-port';
import { harness } from './testing';

const NAMES = Object.keys(COMMANDS) as CommandName[];
const HOSTILE: unknown[] = [
  1e308,
  -1e308,
  5e-324,
  2 ** 60,
  -7,
  'x\uD800',
  'a\u0000b',
  '',
  {},
  [],
  null,
  true,
  JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}') as unknown,
  'y'.repeat(100_000),
];

/** The command's example with the value at one path replaced (every path of the example is a candidate). */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return [at];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...at, k]))];
}
function swapped(example: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path.at(-1)!] = value;
  return copy;
}

/** Everything stored, as text: tables of the cache and the outbox. */
function snapshot(db: WritableDB): string {
  const tables = db.pluck<string>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search%' ORDER BY name",
  );
  return JSON.stringify(tables.map((t) => [t, db.all(`SELECT * FROM "${t}"`)]));
}

async function signedIn() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  const outbox: OutboxPort = {
    edit: (name, input) => {
      const r = enqueueAdmitted(db, name, input, 1_000).receipts;
      return name.endsWith('Many') ? r : r[0]!;
    },
    list: () => [],
    summary: () => COMMAND_EXAMPLES['outbox.summary'].output,
    retry: () => COMMAND_EXAMPLES['outbox.retry'].output,
    discard: () => 0,
    amend: () => ({ entryId: null }),
    resolve: () => COMMAND_EXAMPLES['outbox.resolve'].output,
  };
  const parts = { outbox, db };
  const h = harness({
    parts: () => parts,
    setup: (e) => {
      loadHost(e.writable, makeHost({ listings: 4, bookingsPerListing: 3, start: '2026-06-01', days: 20, seed: 9 }));
      storeWire(e.writable, ownersTable, ownerRead, [{ id: 1, name: 'Marta' }]);
      storeWire(e.writable, costsTable, costRead, [{ id: 1, owner_id: 1, concept: 'Plumbing', amount: 10 }]);
      storeWire(e.writable, destinationsTable, destinationRead, [{ id: 1, name: 'Valencia' }]);
    },
  });
  expect(await h.signIn()).toMatchObject({ ok: true });
  return { h, db };
}

describe('fuzz: invalid input for every command (issue 27)', { timeout: 300_000 }, () => {
  it('answers a clear invalid_input each time and changes nothing stored', async () => {
    const { h, db } = await signedIn();
    const d = h.runtime.dispatcher;
    const before = snapshot(db);
    let tried = 0;
    const answered = new Set<CommandName>();
    for (const name of NAMES) {
      const schema = COMMANDS[name].input;
      const example = COMMAND_EXAMPLES[name].input;
      // The dispatcher reads a missing input as {}.
      const refused = (input: unknown) =>
        !schema.safeParse(input ?? {}).success ||
        (name.includes('.') &&
          Object.keys(wireProblems(input)).length > 0 &&
          /\.(update|create|delete|updateMany|send|reply)/.test(name));
      const inputs = fc.oneof(
        fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }),
        fc
          .tuple(fc.constantFrom(...paths(example)), fc.constantFrom(...HOSTILE))
          .map(([p, v]) => swapped(example, p, v)),
      );
      await fc.assert(
        fc.asyncProperty(inputs, async (input) => {
          if (!refused(input)) return;
          tried++;
          answered.add(name);
          const r = await d.dispatch(name, input);
          const what = `${name} ${JSON.stringify(input)?.slice(0, 200)}`;
          expect(r.ok, what).toBe(false);
          if (r.ok) return;
          expect(r.error.code, `${what}: ${r.error.message}`).toBe('invalid_input');
          expect(r.error.message.length, what).toBeGreaterThan(5);
          expect(r.error.message.length, what).toBeLessThan(2_000);
          expect(r.error.message, what).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
        }),
        { numRuns: 40, seed: 27 },
      );
    }
    expect(snapshot(db)).toBe(before);
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')!.n).toBe(0);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(answered.size).toBe(NAMES.length);
    expect(tried).toBeGreaterThan(NAMES.length * 20);
  });
});
