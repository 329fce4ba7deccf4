// A large JSON answer parsed without holding the main process (issue 30). The
// bookings list is one answer for a whole date window (the API does not page
// it): 7,537 bookings at 200 listings are ~10 MB, and one JSON.parse of them
// held the event loop ~100 ms — every window's IPC stalls that long in
// Electron. Here the big arrays of the answer (the top-level array, or the
// arrays that are members of the top-level object: `{data: [...], links}`)
// are cut at their elements' commas into slices of about `sliceChars`, each
// parsed by the native JSON.parse, with a pause for other work after each
// (a count, not a clock: the same text pauses the same way on any machine,
// which tests on a manual clock rely on); the rest of the answer (its skeleton, with each big
// array left empty) is parsed once and the arrays put back.
//
// The result equals JSON.parse's, and what JSON.parse refuses is refused (a
// SyntaxError): the slices and the skeleton together are the whole text, each
// parsed strictly, and the cuts are checked (no empty element, no trailing
// comma). Cases the cutting does not cover (a repeated top-level key, a scan
// that cannot follow the text) fall back to one JSON.parse.
import { nextTask } from './clock';

export interface SliceOptions {
  /** How a slice gives way (default: the next task of the event loop). */
  pause?: () => Promise<void>;
  /** Below this many characters an answer is parsed at once (default 256 Ki: a few ms at most). */
  wholeBelow?: number;
  /** About this many characters of array elements per JSON.parse and per task (default 128 Ki: ≈ 1–2 ms). */
  sliceChars?: number;
}

const DEFAULTS: Required<SliceOptions> = { pause: nextTask, wholeBelow: 256 * 1024, sliceChars: 128 * 1024 };
/** Outside the big arrays (a huge skeleton), a pause after this many structural characters scanned. */
const SCAN_TOKENS = 65_536;

/** A big array found by the scan: where it is, and its elements once parsed. */
interface Cut {
  open: number;
  close: number;
  /** Its member's key in the top-level object; null when it is the top-level array. */
  key: string | null;
  items: unknown[];
}

/** JSON.parse of `text`, in slices with pauses between them when it is large. Throws a SyntaxError when the text is not JSON. */
export async function parseJsonInSlices(text: string, options: SliceOptions = {}): Promise<unknown> {
  const o = { ...DEFAULTS, ...options };
  if (text.length < o.wholeBelow) return JSON.parse(text);
  const cuts = await cutArrays(text, o);
  if (cuts === null || cuts.length === 0) return JSON.parse(text);
  let skeleton = '';
  let at = 0;
  for (const c of cuts) {
    skeleton += `${text.slice(at, c.open)}[]`;
    at = c.close + 1;
  }
  skeleton += text.slice(at);
  const whole = JSON.parse(skeleton) as unknown;
  if (cuts[0]!.key === null) return cuts[0]!.items;
  const obj = whole as Record<string, unknown>;
  // defineProperty: a member named "__proto__" stays a member, as JSON.parse makes it.
  for (const c of cuts)
    Object.defineProperty(obj, c.key!, { value: c.items, enumerable: true, writable: true, configurable: true });
  return obj;
}

/**
 * Finds the big arrays and parses their elements slice by slice. Null: the
 * text is not of a form the cutting covers (the caller parses it whole, which
 * also reports any syntax error).
 */
async function cutArrays(text: string, o: Required<SliceOptions>): Promise<Cut[] | null> {
  const first = skipSpace(text, 0);
  const top = text[first];
  if (top !== '{' && top !== '[') return null;
  // The depth at which a cut array's own elements sit: inside the top-level array, or inside a member's array.
  const cutDepth = top === '[' ? 1 : 2;
  const cuts: Cut[] = [];
  const keys = new Set<string>();
  let lastKey: string | null = null;
  let current: Cut | null = null;
  let sliceFrom = 0;
  let depth = 0;
  let tokens = 0;
  const structural = /["{}[\],]/g;
  structural.lastIndex = first;

  const parseSlice = (to: number, last: boolean): void => {
    const part = text.slice(sliceFrom, to);
    if (part.trim() === '') {
      // Only an empty array has an empty last slice; an empty slice anywhere else is "[,", ",," or ",]".
      if (last && sliceFrom === current!.open + 1) return;
      throw new SyntaxError('Unexpected "," or "]" in JSON');
    }
    const items = JSON.parse(`[${part}]`) as unknown[];
    for (const item of items) current!.items.push(item);
  };

  for (let m = structural.exec(text); m !== null; m = structural.exec(text)) {
    const i = m.index;
    let sliced = false;
    const ch = text[i]!;
    if (ch === '"') {
      const end = closingQuote(text, i);
      if (end < 0) return null;
      // A string at depth 1 of the top object followed by ":" is a member's key.
      if (top === '{' && depth === 1 && text[skipSpace(text, end + 1)] === ':') {
        lastKey = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(lastKey)) return null; // JSON.parse keeps the last of repeated keys: let it decide
        keys.add(lastKey);
      }
      structural.lastIndex = end + 1;
    } else if (ch === '{' || ch === '[') {
      depth++;
      if (ch === '[' && depth === cutDepth && current === null && (top === '[' ? i === first : lastKey !== null)) {
        current = { open: i, close: -1, key: top === '[' ? null : lastKey, items: [] };
        sliceFrom = i + 1;
      }
    } else if (ch === '}' || ch === ']') {
      if (current !== null && depth === cutDepth) {
        if (ch !== ']') return null;
        parseSlice(i, true);
        current.close = i;
        cuts.push(current);
        current = null;
      }
      depth--;
      if (depth < 0) return null;
    } else if (current !== null && depth === cutDepth && i - sliceFrom >= o.sliceChars) {
      // A comma between two elements, a slice's worth after the last cut.
      parseSlice(i, false);
      sliceFrom = i + 1;
      sliced = true;
    }
    // Other work's turn: after each slice, and every so many characters scanned.
    if (sliced || ++tokens % SCAN_TOKENS === 0) await o.pause();
  }
  return current === null ? cuts : null;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/** The index of the quote closing the string opened at `open` (-1: none). */
function closingQuote(text: string, open: number): number {
  let j = text.indexOf('"', open + 1);
  while (j >= 0) {
    let backslashes = 0;
    for (let k = j - 1; text[k] === '\\'; k--) backslashes++;
    if (backslashes % 2 === 0) return j;
    j = text.indexOf('"', j + 1);
  }
  return -1;
}
