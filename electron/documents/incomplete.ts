// A document made while part of what it reads was never received from the
// server (coverage's gaps, shared/contract/commands/coverage.ts): "INCOMPLETE"
// in its title and a line naming what is missing — the resource, the days,
// the listings (by name) or the bookings — in the document's language. Never
// a silent zero: a number counted from data the app knows is missing is marked.
import type { CoverageGap, Locale } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { LOCALE_TAG, type Say, type WordKey } from './words';

/** What a document lacks; empty: everything it reads was received whole. */
export type Missing = readonly CoverageGap[];

/** What the coverage check said of a document's data: what is missing, and when the rest was received (ms). */
export interface Received {
  missing: Missing;
  /** Oldest of the newest complete fetches it reads (null when something is missing). */
  asOf: number | null;
}

/** Names shown per part before "and N more". */
const SHOWN = 8;

/** Whether a listing's figures of this resource rest on something missing (a gap naming it, or every listing). */
export function missingListing(missing: Missing, resource: CoverageGap['resource']): (listingId: number) => boolean {
  const gaps = missing.filter((g) => g.resource === resource);
  return (id) => gaps.some((g) => g.listingIds === null || g.listingIds.includes(id));
}

/** "Owner statement — INCOMPLETE" when something is missing. */
export function titled(say: Say, title: string, missing: Missing): string {
  return missing.length ? `${title} — ${say('incomplete.mark')}` : title;
}

/** A file name's part saying so ("…-INCOMPLETE"), empty when whole. */
export function fileMark(say: Say, missing: Missing): string {
  return missing.length ? `-${say('incomplete.mark')}` : '';
}

function listingNames(db: ReadableDB, ids: readonly number[]): string[] {
  const names = new Map(
    db
      .all<{ id: number; name: string | null }>(
        'SELECT id, name FROM listings WHERE id IN (SELECT value FROM json_each(?))',
        [JSON.stringify(ids.slice(0, SHOWN))],
      )
      .map((r) => [r.id, r.name ?? `#${r.id}`]),
  );
  return ids.slice(0, SHOWN).map((id) => names.get(id) ?? `#${id}`);
}

function list(say: Say, items: readonly string[], total: number): string {
  const more = total - items.length;
  return more > 0 ? `${items.join(', ')} ${say('incomplete.more', { n: more })}` : items.join(', ');
}

/** One gap in words: "bookings, 1 Oct 2025 – 31 Oct 2025 · listings: Casa Azul, Mar Blau". */
export function gapWords(db: ReadableDB, say: Say, locale: Locale, g: CoverageGap): string {
  const date = (d: string) =>
    new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${d}T12:00:00Z`),
    );
  const what = say(`incomplete.res.${g.resource}` as WordKey);
  if (g.bookingNumbers)
    return say('incomplete.bookings', {
      what,
      numbers: list(
        say,
        g.bookingNumbers.slice(0, SHOWN).map((n) => String(n)),
        g.bookingNumbers.length,
      ),
    });
  const parts = [what];
  if (g.from && g.to) parts.push(g.from === g.to ? date(g.from) : `${date(g.from)} – ${date(g.to)}`);
  if (g.listingIds)
    parts.push(say('incomplete.listings', { names: list(say, listingNames(db, g.listingIds), g.listingIds.length) }));
  else if (g.from) parts.push(say('incomplete.allListings'));
  return parts.join(' · ');
}

/** The lines a document prints under its title: the lead, then one per missing part. */
export function missingLines(db: ReadableDB, say: Say, locale: Locale, missing: Missing): string[] {
  if (!missing.length) return [];
  return [say('incomplete.lead'), ...missing.map((g) => `– ${gapWords(db, say, locale, g)}`)];
}

/** A CSV's first lines when it is incomplete: "INCOMPLETE: <lead>", then one per missing part (before the header). */
export function csvNote(db: ReadableDB, say: Say, locale: Locale, missing: Missing): string[] {
  const [lead, ...parts] = missingLines(db, say, locale, missing);
  return lead === undefined ? [] : [`${say('incomplete.mark')}: ${lead}`, ...parts];
}
