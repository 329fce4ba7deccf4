// A small JSON file only this user may read (0600 in a 0700 folder), written
// atomically — a temp file renamed over the old one — so a crash mid-write
// leaves the previous version whole. The accounts used here and the settings
// are kept this way.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../log/log';

export function writePrivateJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * Writes the file when there is one; a failure is logged as "could not save
 * <what>", not thrown: the values stay in effect for this session, and a
 * read-only disk does not stop the person.
 */
export function savePrivateJson(file: string | null, value: unknown, log: Logger, what: string): void {
  if (!file) return;
  try {
    writePrivateJson(file, value);
  } catch (e) {
    log.error(`could not save ${what}`, e);
  }
}
