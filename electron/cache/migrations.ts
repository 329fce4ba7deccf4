// Numbered, append-only migrations, frozen once shipped. Each runs in its own
// transaction together with the row that records it (with the checksum of its
// SQL), so a crash leaves either both or neither.
//
// History check, per owner: for the cache (versions 1–99) and for the outbox
// (100 and up), the database's applied list must be a prefix of the known list
// (same versions, same names, same order), and every applied migration's
// stored checksum must equal the checksum of the SQL this build knows for it —
// a database written by a newer or a different build, or by a build whose
// shipped migration was since edited, is refused rather than silently "fixed".
// A refused database is left exactly as it was.
//
// Checksums: sha256 of the normalised SQL (see migrationChecksum). Adoption,
// once per database: rows recorded without a checksum (by builds before
// checksums existed, or by such a build reopening the file later) get the
// checksum of this build's SQL for their migration, trusting the name check
// as those builds did; from then on they are verified on every open.
//
// Numbering: the cache owns 1–99; the outbox appends its own list starting at
// 100 (see OUTBOX_FIRST_VERSION) and the engine passes
// `[...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS]`. A later cache migration takes
// the next free number below 100 and runs on databases that already have the
// outbox's — which is why the check is per owner: over the combined list, a
// database with [1, 100] would refuse a build that knows [1, 2, 100].
import { createHash } from 'node:crypto';
import type { WritableDB } from './handle';

export interface Migration {
  /** Unique and increasing within the combined list. */
  readonly version: number;
  /** Stable name, e.g. '001_cache'. Renaming an applied migration makes the history check fail. */
  readonly name: string;
  /** Literal SQL script, never built from live code: once shipped it must not change (checksummed). */
  readonly up: string;
}

export const OUTBOX_FIRST_VERSION = 100;

const REFUSED =
  'This data was written by a different version of Stayboard: it was not opened, nothing in it was changed, ' +
  'and its unsent changes are still there.';

/** The database's migration history does not match this build's: it is not opened. */
export class MigrationHistoryError extends Error {
  constructor(
    /** What does not match, in one short sentence naming the migration (shown to the person as the detail). */
    readonly detail: string,
    /** The applied migration that does not match, e.g. '003_marked_indexes'. */
    readonly migration: string,
  ) {
    super(`${REFUSED} ${detail}`);
    this.name = 'MigrationHistoryError';
  }
}

/**
 * The checksum stored for a migration: sha256 (hex) of its SQL with line
 * endings made LF, trailing spaces of each line and blank lines at both ends
 * removed — so a checkout with CRLF or an editor trimming spaces does not
 * "change" a migration, while any change SQLite would see does.
 */
export function migrationChecksum(sql: string): string {
  const normalised = sql
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
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
  /** Null until adopted (rows written before checksums existed). */
  checksum: string | null;
}

/** The history table as every build since the first created it; the checksum column is added once the check passed. */
function historyTable(db: WritableDB): { hasChecksum: boolean } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const columns = db.pluck<string>('SELECT name FROM pragma_table_info(?)', ['schema_migrations']);
  return { hasChecksum: columns.includes('checksum') };
}

export function appliedMigrations(db: WritableDB): AppliedMigration[] {
  const checksum = historyTable(db).hasChecksum ? 'checksum' : 'NULL AS checksum';
  return db.all<AppliedMigration>(
    `SELECT version, name, applied_at, ${checksum} FROM schema_migrations ORDER BY version`,
  );
}

/** Who owns a migration number: each owner's list is append-only on its own. */
const ownerOf = (version: number): 'cache' | 'outbox' => (version < OUTBOX_FIRST_VERSION ? 'cache' : 'outbox');

/** Throws MigrationHistoryError unless, per owner, `applied` is a prefix of `known` with matching checksums. */
function checkHistory(applied: readonly AppliedMigration[], known: readonly Migration[]): void {
  for (const owner of ['cache', 'outbox'] as const) {
    const mine = applied.filter((a) => ownerOf(a.version) === owner);
    const expected = known.filter((k) => ownerOf(k.version) === owner);
    for (let i = 0; i < mine.length; i++) {
      const a = mine[i]!;
      const k = expected[i];
      if (!k || k.version !== a.version || k.name !== a.name) {
        throw new MigrationHistoryError(
          `Migration ${a.name} is not this build's (${k ? `it has ${k.name}` : 'it has none'} there).`,
          a.name,
        );
      }
      if (a.checksum !== null && a.checksum !== migrationChecksum(k.up)) {
        throw new MigrationHistoryError(
          `Migration ${a.name} differs from this build's (its SQL changed since it was applied).`,
          a.name,
        );
      }
    }
  }
}

/**
 * Checks the history (see the file comment), adopts the checksums of rows
 * that have none, then applies what is missing. `adopted` names the rows that
 * got their checksum now.
 */
export function runMigrations(db: WritableDB, known: readonly Migration[]): { applied: string[]; adopted: string[] } {
  checkMigrationList(known);
  const applied = appliedMigrations(db);
  checkHistory(applied, known);
  const byVersion = new Map(known.map((k) => [k.version, k]));
  const unadopted = applied.filter((a) => a.checksum === null);
  if (unadopted.length > 0 || !historyTable(db).hasChecksum) {
    db.transaction((tx) => {
      if (!historyTable(tx).hasChecksum) tx.exec('ALTER TABLE schema_migrations ADD COLUMN checksum TEXT');
      for (const a of unadopted) {
        tx.run('UPDATE schema_migrations SET checksum = ? WHERE version = ?', [
          migrationChecksum(byVersion.get(a.version)!.up),
          a.version,
        ]);
      }
    });
  }
  const done: string[] = [];
  const have = new Set(applied.map((a) => a.version));
  for (const m of known.filter((k) => !have.has(k.version))) {
    db.transaction((tx) => {
      tx.exec(m.up);
      tx.run('INSERT INTO schema_migrations (version, name, applied_at, checksum) VALUES (?, ?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
        migrationChecksum(m.up),
      ]);
    });
    done.push(m.name);
  }
  return { applied: done, adopted: unadopted.map((a) => a.name) };
}
