// Numbered, append-only migrations. Each runs in its own transaction together
// with the row that records it, so a crash leaves either both or neither.
// History check, per owner: for the cache (versions 1–99) and for the outbox
// (100 and up), the database's applied list must be a prefix of the known list
// (same versions, same names, same order) — a database written by a newer or a
// different build is refused rather than silently "fixed".
//
// Numbering: the cache owns 1–99; the outbox appends its own list starting at
// 100 (see OUTBOX_FIRST_VERSION) and the engine passes
// `[...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS]`. A later cache migration takes
// the next free number below 100 and runs on databases that already have the
// outbox's — which is why the check is per owner: over the combined list, a
// database with [1, 100] would refuse a build that knows [1, 2, 100].
import type { WritableDB } from './db';

export interface Migration {
  /** Unique and increasing within the combined list. */
  readonly version: number;
  /** Stable name, e.g. '001_cache'. Renaming an applied migration makes the history check fail. */
  readonly name: string;
  /** SQL script, or a function for data-changing steps. */
  readonly up: string | ((db: WritableDB) => void);
}

export const OUTBOX_FIRST_VERSION = 100;

export class MigrationHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationHistoryError';
  }
}

/** Throws unless versions strictly increase and names are unique. */
export function checkMigrationList(list: readonly Migration[]): void {
  const names = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    if (i > 0 && m.version <= list[i - 1]!.version) {
      throw new Error(`migration ${m.name}: version ${m.version} does not follow ${list[i - 1]!.version}`);
    }
    if (names.has(m.name)) throw new Error(`migration name ${m.name} is used twice`);
    names.add(m.name);
  }
}

export interface AppliedMigration {
  version: number;
  name: string;
  applied_at: string;
}

export function appliedMigrations(db: WritableDB): AppliedMigration[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  return db.all<AppliedMigration>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
}

/** Who owns a migration number: each owner's list is append-only on its own. */
const ownerOf = (version: number): 'cache' | 'outbox' => (version < OUTBOX_FIRST_VERSION ? 'cache' : 'outbox');

/** Applies what is missing; refuses a database whose history, per owner, is not a prefix of `known`. */
export function runMigrations(db: WritableDB, known: readonly Migration[]): { applied: string[] } {
  checkMigrationList(known);
  const applied = appliedMigrations(db);
  for (const owner of ['cache', 'outbox'] as const) {
    const mine = applied.filter((a) => ownerOf(a.version) === owner);
    const expected = known.filter((k) => ownerOf(k.version) === owner);
    for (let i = 0; i < mine.length; i++) {
      const a = mine[i]!;
      const k = expected[i];
      if (!k || k.version !== a.version || k.name !== a.name) {
        throw new MigrationHistoryError(
          `This cache was written by a different version of Stayboard (it has migration ${a.version} ${a.name}, ` +
            `this build expects ${k ? `${k.version} ${k.name}` : 'nothing more'}). ` +
            'Refusing to open it; move it aside to start with a fresh cache.',
        );
      }
    }
  }
  const done: string[] = [];
  const have = new Set(applied.map((a) => a.version));
  for (const m of known.filter((k) => !have.has(k.version))) {
    db.transaction((tx) => {
      if (typeof m.up === 'string') tx.exec(m.up);
      else m.up(tx);
      tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
    });
    done.push(m.name);
  }
  return { applied: done };
}
