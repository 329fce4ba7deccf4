// The layout check's rule for paper: no PDF the app writes splits a word
// across two lines ("Nacionalida / d" in a narrow table header). Reads each
// page as mupdf's structured text, with positions, and looks at every line
// that ends in letters: when a line just below it, starting under it, begins
// with letters, and the two halves joined make a known word that the first
// half alone is not, the word was split. Known words: the UI catalogs, the
// documents' own words and the data's names.
import * as mupdf from 'mupdf';
import { ca } from '../../renderer/src/i18n/ca';
import { caCodes } from '../../renderer/src/i18n/codes-ca';
import { enCodes } from '../../renderer/src/i18n/codes-en';
import { esCodes } from '../../renderer/src/i18n/codes-es';
import { en } from '../../renderer/src/i18n/en';
import { es } from '../../renderer/src/i18n/es';
import { ca as caPaper } from '../../electron/documents/words-ca';
import { es as esPaper } from '../../electron/documents/words-es';
import type { HostFixture } from './fixtures';
import type { LayoutData } from './layout-data';
import { ask, today } from './screens-helpers';

interface Line {
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
}
interface StextJson {
  blocks: { type: string; lines?: { bbox: { x: number; y: number; w: number; h: number }; text: string }[] }[];
}

const wordsOf = (texts: Iterable<string>): Set<string> => {
  const out = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/\p{L}+/gu)) out.add(m[0].toLowerCase());
  return out;
};

/** Words that say nothing on a line of their own (each language's "Registered"). */
const BARE_LABELS = new Set(['Registered', esPaper['reg.registered'], caPaper['reg.registered']]);

/** Lines of every page with their boxes (PDF points). */
function pdfLines(bytes: Uint8Array): Line[][] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages: Line[][] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const json = JSON.parse(doc.loadPage(i).toStructuredText('preserve-whitespace').asJSON()) as StextJson;
    pages.push(
      json.blocks
        .flatMap((b) => (b.lines ?? []).map((l) => ({ ...l.bbox, text: l.text.trim() })))
        .filter((l) => l.text),
    );
  }
  return pages;
}

/** "word / split" for every word the PDF's lines split in two. */
export function splitWords(bytes: Uint8Array, vocabulary: Set<string>): string[] {
  const out: string[] = [];
  for (const lines of pdfLines(bytes))
    for (const a of lines) {
      const head = /(\p{L}+)$/u.exec(a.text)?.[1];
      if (!head) continue;
      for (const b of lines) {
        if (b === a || b.y < a.y + a.h * 0.5 || b.y > a.y + a.h * 2.2) continue;
        if (b.x > a.x + a.w || b.x + b.w < a.x) continue;
        const tail = /^(\p{L}+)/u.exec(b.text)?.[1];
        if (!tail) continue;
        const whole = `${head}${tail}`.toLowerCase();
        if (vocabulary.has(whole) && !vocabulary.has(head.toLowerCase())) out.push(`"${head} / ${tail}"`);
      }
    }
  return out;
}

export async function pdfFaults(host: HostFixture, data: LayoutData, owner: number): Promise<string[]> {
  const vocabulary = wordsOf([
    ...[en, es, ca, enCodes, esCodes, caCodes, esPaper, caPaper].flatMap((t) => Object.values(t)),
    ...data.listingNames,
  ]);
  const day = today();
  const faults: string[] = [];
  for (const locale of ['en', 'es', 'ca'] as const) {
    const papers: [string, Promise<{ base64: string }>][] = [
      ['day sheet', ask(host, 'documents.daySheet', { date: day, locale })],
      ['arrivals list', ask(host, 'documents.registration', { document: 'dayList', date: day, locale })],
      ['guest cards', ask(host, 'documents.registration', { document: 'cards', bookingNumber: data.party, locale })],
      [
        'owner statement',
        ask(host, 'documents.ownerStatement', { id: owner, month: day.slice(0, 7), format: 'pdf', locale }),
      ],
    ];
    for (const [name, made] of papers) {
      const bytes = new Uint8Array(Buffer.from((await made).base64, 'base64'));
      for (const split of splitWords(bytes, vocabulary)) faults.push(`${name} (${locale}): splits ${split}`);
      // No label without its value: a guest card once ended on a bare "Registered" (the list's column of it is fine).
      if (name === 'guest cards')
        for (const line of pdfLines(bytes).flat())
          if (BARE_LABELS.has(line.text)) faults.push(`${name} (${locale}): "${line.text}" stands alone`);
    }
  }
  return faults;
}
