// Storing a long list answer in chunks (issue 30: no long task on the main
// process): the event loop runs between two chunks, every record is stored,
// what the answer lacks is deleted only once the whole answer is in, and a
// sync stopped between two chunks stops there, deleting nothing.
import { describe, expect, it } from 'vitest';
import { openCache, type WritableDB } from '../cache/db';
import { customerTypesTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { INGEST_CHUNK, Outcome, storeList, type FetchDeps } from './store-answer';

const SCOPE = {
  resource: 'customerTypes' as const,
  name: 'all',
  key: 'id',
  where: '1 = 1',
  params: [],
  endpoint: 'customerTypes.list',
};

const item = (id: number) => ({ value: { id, name: `Type ${id}` }, raw: { id, name: `Type ${id}` } });

function setUp(signal?: AbortSignal): { db: WritableDB; deps: FetchDeps } {
  const db = openCache({ path: ':memory:' });
  // Cached before: two records the answer no longer has.
  upsertRecords(db, customerTypesTable, [item(900_001), item(900_002)]);
  const deps: FetchDeps = { db, client: null as never, now: () => 0, priority: 'deep', ...(signal ? { signal } : {}) };
  return { db, deps };
}

const count = (db: WritableDB) => db.pluck<number>('SELECT count(*) FROM customer_types')[0]!;

/** What the cache holds each time the event loop turns, until `done` settles. */
function watchTurns(db: WritableDB, done: Promise<unknown>): number[] {
  const seen: number[] = [];
  let over = false;
  void done.finally(() => (over = true)).catch(() => undefined);
  const turn = () => {
    if (over) return;
    seen.push(count(db));
    setImmediate(turn);
  };
  setImmediate(turn);
  return seen;
}

describe('a long list answer', () => {
  const n = INGEST_CHUNK * 2 + 17;
  const answer = { items: Array.from({ length: n }, (_, i) => item(i + 1)), rejected: [], next: null };

  it('is stored in chunks with the event loop running between them; what it lacks goes only at the end', async () => {
    const { db, deps } = setUp();
    const out = new Outcome();
    const done = storeList(deps, out, customerTypesTable, answer, SCOPE);
    const seen = watchTurns(db, done);
    await done;
    // The loop turned while the answer was half in: records of the first chunk(s) beside the two old ones.
    expect(seen.some((c) => c > 2 && c < n + 2)).toBe(true);
    expect(count(db)).toBe(n);
    expect(out.written['customer_types']).toBe(n);
    expect(out.deleted['customer_types']).toBe(2);
  });

  it('stops between two chunks when sync is stopped, deleting nothing', async () => {
    const abort = new AbortController();
    const { db, deps } = setUp(abort.signal);
    // The first chunk is stored at once (before the first turn of the loop); sync stops right after it.
    const done = storeList(deps, new Outcome(), customerTypesTable, answer, SCOPE);
    abort.abort(new Error('sync stopped'));
    await expect(done).rejects.toMatchObject({ kind: 'aborted' });
    // The first chunk is stored whole, no more; the old records are still there (the answer never completed).
    expect(count(db)).toBe(INGEST_CHUNK + 2);
    expect(db.pluck<number>('SELECT id FROM customer_types WHERE id > 900000 ORDER BY id')).toEqual([900_001, 900_002]);
  });
});
