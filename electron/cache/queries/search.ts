// Instant offline search: the FTS5 index (guests, customers, listings by name
// and city, thread messages) plus booking numbers by primary-key ranges: every word typed is a
// prefix, all must match; people and bookings in house or arriving soon first,
// then best matches (bm25, titles weigh more), similar names after exact ones
// (search-rank.ts), and how many more there are. The index is contentless, so
// snippets are cut from the records themselves.
import type { SearchHit, SearchKind, SearchResult, SearchStay } from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { markOf } from './common';
import { today } from '../../../shared/dates';
import { prefixTerms, rankedMatches, similarWords } from './search-rank';

/**
 * FTS rowid = id * 8 + kind, so one index holds every kind and negative (local) ids work.
 * Booking numbers are not in the index: they are integers, and ranges of the
 * primary key answer "numbers starting with 10" exactly — while an FTS entry
 * per booking would double the cost of writing the largest table. The search
 * triggers of migrations 001 and 002 write these numbers literally.
 */
export const SEARCH_KIND_CODES = { listing: 1, booking: 2, customer: 3, guest: 4, message: 5 } as const;

const KIND_BY_CODE = new Map<number, SearchKind>(
  Object.entries(SEARCH_KIND_CODES).map(([k, code]) => [code, k as SearchKind]),
);

/** Words of the query as FTS5 prefix terms, quoted so no input is ever FTS syntax. */
export function ftsQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return prefixTerms(words.slice(0, 8));
}

/** Lower case without accents: how the index compares words (unicode61 remove_diacritics). */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The text to show for a hit and the [start, end) ranges of the words that
 * matched (a word matches when it starts with one of the query's words,
 * accents and case ignored). Long texts are cut around the first match.
 */
export function highlight(
  text: string,
  words: readonly string[],
  max = 120,
): { text: string; ranges: [number, number][] } {
  const wanted = words.map(fold);
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = fold(m[0]);
    if (wanted.some((q) => w.startsWith(q))) ranges.push([m.index, m.index + m[0].length]);
  }
  if (text.length <= max) return { text, ranges };
  const first = ranges[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 30, text.length - max));
  const cut = text.slice(start, start + max);
  const prefix = start > 0 ? '…' : '';
  const suffix = start + max < text.length ? '…' : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${cut}${suffix}`,
    ranges: ranges
      .filter(([a, b]) => a >= start && b <= start + max)
      .map(([a, b]) => [a + shift, b + shift] as [number, number]),
  };
}

/** Booking numbers that start with these digits, shortest (closest) first: primary-key ranges, no index needed. */
export function bookingNumbersStartingWith(db: ReadableDB, digits: string, limit: number): number[] {
  if (!/^[1-9]\d{0,14}$/.test(digits)) return [];
  const max = db.get<{ n: number | null }>('SELECT max(booking_number) AS n FROM bookings')?.n ?? 0;
  const out: number[] = [];
  const n = Number(digits);
  for (let scale = 1; n * scale <= max && out.length < limit; scale *= 10) {
    out.push(
      ...db.pluck<number>(
        'SELECT booking_number FROM bookings WHERE booking_number BETWEEN ? AND ? ORDER BY 1 LIMIT ?',
        [n * scale, (n + 1) * scale - 1, limit - out.length],
      ),
    );
  }
  return out;
}

/** Booking numbers starting with these digits (the same primary-key ranges, counted). */
function countBookingNumbersStartingWith(db: ReadableDB, digits: string): number {
  if (!/^[1-9]\d{0,14}$/.test(digits)) return 0;
  const max = db.get<{ n: number | null }>('SELECT max(booking_number) AS n FROM bookings')?.n ?? 0;
  const n = Number(digits);
  let count = 0;
  for (let scale = 1; n * scale <= max; scale *= 10)
    count +=
      db.get<{ c: number }>('SELECT count(*) AS c FROM bookings WHERE booking_number BETWEEN ? AND ?', [
        n * scale,
        (n + 1) * scale - 1,
      ])?.c ?? 0;
  return count;
}

export function search(
  db: ReadableDB,
  q: { text: string; kinds?: readonly SearchKind[]; limit?: number; today?: string },
): SearchResult {
  const t0 = performance.now();
  const words = (q.text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const first = words[0];
  if (first === undefined) return { hits: [], tookMs: 0, more: 0 };
  const limit = q.limit ?? 50;
  const hits: SearchHit[] = [];
  let more = 0;
  // A lone number is first of all a booking number.
  if (words.length === 1 && /^\d+$/.test(first) && (!q.kinds || q.kinds.includes('booking'))) {
    const numbers = bookingNumbersStartingWith(db, first, limit);
    if (numbers.length >= limit) more += countBookingNumbersStartingWith(db, first) - numbers.length;
    for (const n of numbers) {
      const hit = resolve(db, 'booking', n);
      if (!hit) continue;
      const { matched, ...rest } = hit;
      hits.push({
        ...rest,
        kind: 'booking',
        id: n,
        snippet: matched,
        ranges: [[0, first.length]],
        near: null,
        similar: false,
      });
    }
  }
  const similar = similarWords(words);
  const ranked = rankedMatches(db, {
    match: prefixTerms(words),
    similar: similar ? prefixTerms(similar) : null,
    kindCodes: q.kinds ? q.kinds.map((k) => SEARCH_KIND_CODES[k]) : null,
    today: q.today ?? today(),
    limit: Math.max(0, limit - hits.length),
  });
  let shown = 0;
  for (const m of ranked.rows) {
    const code = ((m.rowid % 8) + 8) % 8;
    const kind = KIND_BY_CODE.get(code);
    if (!kind) continue;
    const id = (m.rowid - code) / 8;
    // A booking number already listed above is not listed twice.
    if (kind === 'booking' && hits.some((h) => h.kind === 'booking' && h.id === id)) continue;
    const hit = resolve(db, kind, id);
    if (!hit) continue;
    const { matched, ...rest } = hit;
    const { text, ranges } = highlight(matched, m.exact ? words : (similar ?? words));
    hits.push({ ...rest, kind, id, snippet: text, ranges, near: m.near, similar: !m.exact });
    shown++;
  }
  more += Math.max(0, ranked.total - shown);
  return { hits, tookMs: performance.now() - t0, more };
}

/** A hit's fields plus the text the words matched in (for the snippet). */
type Resolved = Omit<SearchHit, 'kind' | 'id' | 'snippet' | 'ranges' | 'near' | 'similar'> & { matched: string };

/** The booking a hit belongs to, as data: number (local while new), listing and stay. */
function stayOf(db: ReadableDB, bookingNumber: number | null): { listingId: number | null; stay: SearchStay | null } {
  if (bookingNumber === null) return { listingId: null, stay: null };
  const r = db.get<{ listing_id: number | null; start_date: string; end_date: string; name: string | null }>(
    `SELECT b.listing_id, b.start_date, b.end_date, l.name FROM bookings b LEFT JOIN listings l ON l.id = b.listing_id
     WHERE b.booking_number = ?`,
    [bookingNumber],
  );
  if (!r) return { listingId: null, stay: { number: bookingNumber, listing: null, from: null, to: null } };
  return {
    listingId: r.listing_id,
    stay: { number: bookingNumber, listing: r.name, from: r.start_date, to: r.end_date },
  };
}

function resolve(db: ReadableDB, kind: SearchKind, id: number): Resolved | null {
  switch (kind) {
    case 'listing': {
      const r = db.get<{ name: string; city: string; outbox_mark: string | null }>(
        'SELECT name, city, outbox_mark FROM listings WHERE id = ?',
        [id],
      );
      if (!r) return null;
      return {
        name: r.name,
        detail: r.city || null,
        stay: null,
        at: null,
        bookingNumber: null,
        listingId: id,
        outbox: markOf(r.outbox_mark),
        matched: `${r.name} · ${r.city}`,
      };
    }
    case 'booking': {
      const r = db.get<{ outbox_mark: string | null }>('SELECT outbox_mark FROM bookings WHERE booking_number = ?', [
        id,
      ]);
      if (!r) return null;
      const ctx = stayOf(db, id);
      return {
        name: null,
        detail: null,
        stay: ctx.stay,
        at: null,
        bookingNumber: id,
        listingId: ctx.listingId,
        outbox: markOf(r.outbox_mark),
        // A local number (a booking taken here) means nothing to a person: it is not shown.
        matched: id > 0 ? String(id) : '',
      };
    }
    case 'customer': {
      const r = db.get<{
        name: string;
        lastname: string;
        email: string;
        doc: string | null;
        outbox_mark: string | null;
      }>("SELECT name, lastname, email, data ->> 'number_id' AS doc, outbox_mark FROM customers WHERE id = ?", [id]);
      if (!r) return null;
      const latest =
        db.get<{ n: number }>(
          'SELECT booking_number AS n FROM bookings WHERE customer_id = ? ORDER BY start_date DESC LIMIT 1',
          [id],
        )?.n ?? null;
      const ctx = stayOf(db, latest);
      return {
        name: `${r.name} ${r.lastname}`.trim(),
        detail: r.email || null,
        stay: ctx.stay,
        at: null,
        bookingNumber: latest,
        listingId: ctx.listingId,
        outbox: markOf(r.outbox_mark),
        matched: [`${r.name} ${r.lastname}`.trim(), r.email, r.doc].filter(Boolean).join(' · '),
      };
    }
    case 'guest': {
      const r = db.get<{
        name: string;
        lastname: string;
        email: string;
        doc: string | null;
        booking_number: number | null;
        outbox_mark: string | null;
      }>(
        "SELECT name, lastname, email, data ->> 'number_id' AS doc, booking_number, outbox_mark FROM guests WHERE id = ?",
        [id],
      );
      if (!r) return null;
      const ctx = stayOf(db, r.booking_number);
      return {
        name: `${r.name} ${r.lastname}`.trim(),
        detail: r.email || null,
        stay: ctx.stay,
        at: null,
        bookingNumber: r.booking_number,
        listingId: ctx.listingId,
        outbox: markOf(r.outbox_mark),
        matched: [`${r.name} ${r.lastname}`.trim(), r.email, r.doc].filter(Boolean).join(' · '),
      };
    }
    case 'message': {
      const r = db.get<{
        booking_number: number | null;
        created_at: string | null;
        message: string;
        outbox_mark: string | null;
      }>('SELECT booking_number, created_at, message, outbox_mark FROM messages WHERE id = ?', [id]);
      if (!r) return null;
      const ctx = stayOf(db, r.booking_number);
      return {
        name: null,
        detail: null,
        stay: ctx.stay,
        at: r.created_at,
        bookingNumber: r.booking_number,
        listingId: ctx.listingId,
        outbox: markOf(r.outbox_mark),
        matched: r.message,
      };
    }
  }
}
