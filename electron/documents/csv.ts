// CSV files for spreadsheets, one way for every list: a column spec (a header
// word and a cell function per column) applied to rows, written by
// csv-stringify as UTF-8 with a BOM (so Excel reads accents right), ";"
// between fields when the UI language is Spanish or Catalan (what their
// spreadsheets expect, where "," is the decimal mark) and "," in English.
// Cells are safe to open: every LINE of a text that starts with = + - @ (or a
// tab / carriage return), after any invisible characters, is prefixed with '
// so no spreadsheet runs it as a formula; and every cell holding a line break
// of any kind, a quote or the separator is quoted, so a value can
// never start a physical line or a field of its own (csv-stringify with a
// "\r\n" record delimiter left a lone "\n" or "\r" unquoted). Dates are
// ISO (YYYY-MM-DD); money is a plain decimal with two places and the decimal
// mark of the separator's convention (12,50 with ";", 12.50 with ",") and no
// currency sign or grouping, so every spreadsheet reads it as a number.
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '../../shared/contract';
import { wordsFor, type Say, type WordKey } from './words';

/** A typed cell: text (guarded), a whole number, money, or nothing. */
export type CsvCell = string | number | { money: number | null } | null | undefined;

export interface CsvColumn<R> {
  header: WordKey;
  cell: (row: R, say: Say) => CsvCell;
}

/**
 * A line a spreadsheet could read as a formula: its first visible character is
 * = + - @ (or it starts with a tab), after any spaces or invisible characters
 * (BOM, zero-width, no-break space) some spreadsheets skip.
 */
const FORMULA_LINE = /^(?:\t|[\s\uFEFF\u200B-\u200D\u2060]*[=+\-@])/;
/** Every kind of line break a spreadsheet may start a row at (kept in the split). */
const LINE_BREAK = /(\r\n|\r|\n|\u2028|\u2029)/;
/** Cells quoted beyond csv-stringify's own rule (the file's separator): any line break, a quote, edge spaces. */
const QUOTE_CELL = /[\r\n\u2028\u2029"]|^\s|\s$/;

/** ";" for Spanish and Catalan spreadsheets, "," for English ones. */
export function separatorOf(locale: Locale): ';' | ',' {
  return locale === 'en' ? ',' : ';';
}

/** The text with every line that could run as a formula prefixed with ' (the guard looks at each line, not only the first). */
export function csvText(value: string): string {
  const parts = value.split(LINE_BREAK);
  // Odd indexes are the line breaks themselves (the split keeps them).
  for (let i = 0; i < parts.length; i += 2) if (FORMULA_LINE.test(parts[i]!)) parts[i] = `'${parts[i]!}`;
  return parts.join('');
}

function cellText(cell: CsvCell, decimalMark: '.' | ','): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return csvText(cell);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell).replace('.', decimalMark) : '';
  if (cell.money === null || !Number.isFinite(cell.money)) return '';
  return cell.money.toFixed(2).replace('.', decimalMark);
}

/**
 * The CSV bytes of `rows` under `columns`, headers in the UI language. `note`: lines of one cell each
 * before the header (an incomplete file's title and what it lacks: see incomplete.ts).
 */
export function toCsv<R>(
  columns: readonly CsvColumn<R>[],
  rows: readonly R[],
  locale: Locale,
  note: readonly string[] = [],
): Uint8Array {
  const say = wordsFor(locale);
  const delimiter = separatorOf(locale);
  const decimalMark = delimiter === ';' ? ',' : '.';
  const records = [
    ...note.map((line) => [csvText(line)]),
    columns.map((c) => csvText(say(c.header))),
    ...rows.map((r) => columns.map((c) => cellText(c.cell(r, say), decimalMark))),
  ];
  const text = stringify(records, { bom: true, delimiter, record_delimiter: '\r\n', quoted_match: QUOTE_CELL });
  return new TextEncoder().encode(text);
}
