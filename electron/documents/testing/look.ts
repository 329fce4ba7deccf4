// Test helper: reads a PDF the way a person would — its text per page (mupdf's
// structured text) and, when asked, each page rendered to a PNG to look at.
import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/** The text of every page, in reading order. */
export function pdfText(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i++)
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  return pages;
}

/** Renders every page to `<prefix>-<n>.png` (96 dpi × scale) and answers the paths. */
export function pdfToPngs(bytes: Uint8Array, prefix: string, scale = 1.5): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const out: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const pix = doc.loadPage(i).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const path = `${prefix}-${i + 1}.png`;
    writeFileSync(path, pix.asPNG());
    out.push(path);
  }
  return out;
}

/** Reads CSV text as a spreadsheet would (RFC 4180 quotes, the given separator); the BOM must already be gone. */
export function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (cell || row.length) endRow();
  return rows;
}
