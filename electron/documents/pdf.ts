// The printable-document layer: an A4 page flow on pdfkit with DejaVu Sans
// embedded (names in any Latin, Greek or Cyrillic script print: Ł, ø, ñ, Ж),
// headings, paragraphs, sections kept with what follows them, and tables
// whose rows never split across pages (the header row repeats on each page)
// with tick boxes as a cell kind, and signature lines. The day sheet, the
// guest registration cards and the registration day list are built from it.
// Plain Node: no Electron, no DOM — so the one code path runs in the Electron
// shell and in the web host alike (see day-sheet.ts).
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

// Not named `require`: the bundler's ESM shim declares that name in the same chunk.
const resolveFrom = createRequire(import.meta.url);
// Fonts are named by their file path: pdfkit caches a font under the name it was
// set with, and a registered alias of the document's default font is re-read
// from disk on every use (pdfkit finds the same font by its PostScript name and
// returns before caching the alias) — 10 s for a 300-listing sheet.
const FONT = {
  regular: resolveFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolveFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const SIZE = { title: 16, heading: 11, body: 8.5, small: 7.5 };
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';
const SHADE = '#eeeeee';
const PAD = 3;
const BOX = 8;
/** A cell's text is cut here (with "…") so one row always fits on a page. */
const MAX_CELL_CHARS = 1200;
/** The least size a cell's text shrinks to so that its longest word fits its column. */
const MIN_SIZE = 5;

export interface Column {
  header: string;
  /** Share of the content width (the shares of a table need not sum to 1). */
  share: number;
  align?: 'left' | 'right' | 'center';
}

/** A text, or a tick box to tick by hand. */
export type Cell = string | { readonly check: true };
export const TICK: Cell = { check: true };

export interface Row {
  cells: readonly Cell[];
  bold?: boolean;
}

export interface SheetOptions {
  title: string;
  /** BCP 47 tag of the document's language (the PDF's /Lang). */
  lang: string;
  author?: string;
}

type PdfKit = typeof PDFDocument;
let pdfKit: Promise<PdfKit> | null = null;
/**
 * pdfkit and what it pulls in (fontkit, brotli, the AES tables, line breaking) is
 * loaded at the first document, not at start: it was a fifth of the host's
 * start-up CPU, and most days no one prints before the board is up.
 */
const loadPdfKit = (): Promise<PdfKit> => (pdfKit ??= import('pdfkit').then((m) => m.default));

export class PdfSheet {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Uint8Array>;

  /** A new sheet (loads the PDF library on first use). */
  static async open(opts: SheetOptions): Promise<PdfSheet> {
    return new PdfSheet(await loadPdfKit(), opts);
  }

  private constructor(Pdf: PdfKit, opts: SheetOptions) {
    this.doc = new Pdf({
      size: 'A4',
      margins: { top: 40, bottom: 48, left: 40, right: 40 },
      bufferPages: true,
      font: FONT.regular,
      lang: opts.lang,
      displayTitle: true,
      info: { Title: opts.title, Creator: opts.author ?? 'Stayboard', Producer: 'Stayboard' },
    });
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(new Uint8Array(Buffer.concat(this.chunks))));
      this.doc.on('error', reject);
    });
    this.doc.font(FONT.regular).fontSize(SIZE.body).fillColor(INK);
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }
  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  private room(): number {
    return this.bottom - this.doc.y;
  }

  title(text: string, sub?: string): this {
    this.doc
      .font(FONT.bold)
      .fontSize(SIZE.title)
      .fillColor(INK)
      .text(text, this.left, this.doc.y, { width: this.width });
    if (sub) this.doc.font(FONT.regular).fontSize(SIZE.heading).text(sub, { width: this.width });
    this.doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string, opts: { muted?: boolean; bold?: boolean } = {}): this {
    this.doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(SIZE.small)
      .fillColor(opts.muted ? MUTED : INK)
      .text(text, this.left, this.doc.y, { width: this.width });
    this.doc.fillColor(INK);
    return this;
  }

  gap(lines = 0.6): this {
    this.doc.moveDown(lines);
    return this;
  }

  /**
   * A heading kept with what follows: when less than `keepWith` points
   * (besides the heading) are left on the page, it starts a new page.
   */
  section(heading: string, sub?: string, keepWith = 60): this {
    this.doc.font(FONT.bold).fontSize(SIZE.heading);
    const h =
      this.doc.heightOfString(heading, { width: this.width }) +
      (sub ? this.doc.font(FONT.regular).fontSize(SIZE.small).heightOfString(sub, { width: this.width }) : 0);
    if (this.room() < h + keepWith) this.doc.addPage();
    this.doc.font(FONT.bold).fontSize(SIZE.heading).fillColor(INK).text(heading, this.left, this.doc.y, {
      width: this.width,
    });
    if (sub) this.doc.font(FONT.regular).fontSize(SIZE.small).fillColor(MUTED).text(sub, { width: this.width });
    this.doc.fillColor(INK).moveDown(0.2);
    return this;
  }

  /**
   * A table: rows never split; the header repeats at the top of every page it
   * runs onto. `header: false` draws none (a list of label / value rows).
   */
  table(columns: readonly Column[], rows: readonly Row[], opts: { header?: boolean } = {}): this {
    const total = columns.reduce((s, c) => s + c.share, 0);
    const widths = columns.map((c) => (c.share / total) * this.width);
    const header: Row | null = opts.header === false ? null : { cells: columns.map((c) => c.header), bold: true };
    const heightOf = (row: Row) => this.rowHeight(row, widths);
    const headerHeight = header ? heightOf(header) : 0;
    if (this.room() < headerHeight + (rows[0] ? heightOf(rows[0]) : 0)) this.doc.addPage();
    if (header) this.drawRow(header, columns, widths, true);
    for (const row of rows) {
      if (this.room() < heightOf(row)) {
        this.doc.addPage();
        if (header) this.drawRow(header, columns, widths, true);
      }
      this.drawRow(row, columns, widths, false);
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.5);
    return this;
  }

  private textOf(cell: Cell): string {
    if (typeof cell !== 'string') return '';
    return cell.length > MAX_CELL_CHARS ? `${cell.slice(0, MAX_CELL_CHARS - 1)}…` : cell;
  }

  /**
   * The size a cell's text is set in: the body size, or smaller when its longest
   * word would not fit the column (pdfkit would break it inside the word:
   * "Nacionalida / d"). Leaves the font and size set for measuring.
   */
  private cellSize(text: string, width: number, bold: boolean): number {
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(SIZE.body);
    const longest = Math.max(0, ...text.split(/\s+/).map((word) => this.doc.widthOfString(word)));
    const size = longest > width ? Math.max(MIN_SIZE, (SIZE.body * width) / longest - 0.1) : SIZE.body;
    this.doc.fontSize(size);
    return size;
  }

  private rowHeight(row: Row, widths: readonly number[]): number {
    let h = BOX;
    row.cells.forEach((cell, i) => {
      const text = this.textOf(cell);
      const width = (widths[i] ?? 0) - 2 * PAD;
      if (text) {
        this.cellSize(text, width, !!row.bold);
        h = Math.max(h, this.doc.heightOfString(text, { width }));
      }
    });
    this.doc.fontSize(SIZE.body);
    return h + 2 * PAD;
  }

  private drawRow(row: Row, columns: readonly Column[], widths: readonly number[], isHeader: boolean): void {
    const y = this.doc.y;
    const h = this.rowHeight(row, widths);
    if (isHeader) this.doc.rect(this.left, y, this.width, h).fill(SHADE).fillColor(INK);
    let x = this.left;
    row.cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      if (typeof cell !== 'string') {
        this.doc
          .lineWidth(0.8)
          .rect(x + PAD + 1, y + PAD + 1, BOX, BOX)
          .stroke(INK);
      } else {
        const text = this.textOf(cell);
        this.cellSize(text, w - 2 * PAD, !!row.bold);
        this.doc.fillColor(isHeader ? MUTED : INK).text(text, x + PAD, y + PAD, {
          width: w - 2 * PAD,
          align: columns[i]?.align ?? 'left',
          lineBreak: true,
        });
      }
      x += w;
    });
    this.doc
      .lineWidth(0.4)
      .moveTo(this.left, y + h)
      .lineTo(this.left + this.width, y + h)
      .stroke(RULE);
    this.doc.fillColor(INK);
    this.doc.y = y + h;
  }

  /** Starts a new page (one registration card per page). */
  page(): this {
    this.doc.addPage();
    return this;
  }

  /**
   * Lines to sign or write on by hand, side by side, each with its label
   * below; kept on one page with `above` points of what comes before.
   */
  signature(labels: readonly string[], above = 0): this {
    const tall = 46;
    if (this.room() < tall + above) this.doc.addPage();
    const gapX = 24;
    const w = (this.width - gapX * (labels.length - 1)) / Math.max(1, labels.length);
    const y = this.doc.y + 30;
    labels.forEach((label, i) => {
      const x = this.left + i * (w + gapX);
      this.doc
        .lineWidth(0.8)
        .moveTo(x, y)
        .lineTo(x + w, y)
        .stroke(INK);
      this.doc
        .font(FONT.regular)
        .fontSize(SIZE.small)
        .fillColor(MUTED)
        .text(label, x, y + 4, { width: w, lineBreak: false });
    });
    this.doc.fillColor(INK);
    this.doc.x = this.left;
    this.doc.y = y + tall - 30;
    return this;
  }

  /** Writes a footer on every page (e.g. "Page 2 of 5") and answers the file's bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const text = footer(i - range.start + 1, range.count);
      // Writing below the bottom margin would make pdfkit open a page: lift the margin while the footer is drawn.
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc
        .font(FONT.regular)
        .fontSize(SIZE.small)
        .fillColor(MUTED)
        .text(text, this.left, this.doc.page.height - margin + 14, {
          width: this.width,
          align: 'right',
          lineBreak: false,
        });
      this.doc.page.margins.bottom = margin;
    }
    this.doc.end();
    return this.done;
  }
}
