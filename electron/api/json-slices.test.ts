// A large answer parsed in slices: the same value JSON.parse gives, the same
// refusals, and other work runs between the slices.
import { describe, expect, it } from 'vitest';
import { parseJsonInSlices } from './json-slices';

/** A small deterministic generator (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings that trip a naive scanner: quotes, backslashes, brackets and commas inside, unicode, escapes. */
const NASTY = ['a"b', 'x\\', '\\"', '[', ']', '{', '}', ',', '"', '\\\\"', 'ñ😀', '\u2028', '\n\t', '"],"x":['];

function value(r: () => number, depth: number): unknown {
  const pick = r();
  if (depth > 3 || pick < 0.35) {
    const s = r();
    if (s < 0.2) return NASTY[Math.floor(r() * NASTY.length)];
    if (s < 0.4) return Math.round((r() - 0.5) * 1e6) / 100;
    if (s < 0.5) return r() < 0.5;
    if (s < 0.6) return null;
    return `text ${Math.floor(r() * 1e9)}`;
  }
  if (pick < 0.65) return Array.from({ length: Math.floor(r() * 6) }, () => value(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 5); i > 0; i--) o[`${NASTY[i % NASTY.length]}k${i}`] = value(r, depth + 1);
  return o;
}

/** An answer's shape: {data: [records], links, meta} or a bare array, written with random spacing. */
function answer(r: () => number): string {
  const data = Array.from({ length: Math.floor(r() * 60) }, () => value(r, 1));
  const body = r() < 0.3 ? data : { data, links: { next: r() < 0.5 ? null : 'x?cursor=[1,2]' }, tail: [value(r, 2)] };
  const text = JSON.stringify(body, null, r() < 0.5 ? 0 : 2);
  return r() < 0.5 ? ` \n${text}\t ` : text;
}

const SMALL = { wholeBelow: 0, sliceChars: 40 };

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives, over 400 random answers cut into tiny slices', async () => {
    const r = prng(30);
    for (let n = 0; n < 400; n++) {
      const text = answer(r);
      expect(await parseJsonInSlices(text, SMALL), text).toEqual(JSON.parse(text));
      expect(await parseJsonInSlices(text, { ...SMALL, sliceChars: 1 }), text).toEqual(JSON.parse(text));
    }
  });

  it('refuses what JSON.parse refuses: trailing or doubled commas, junk between elements, unclosed arrays', async () => {
    const bad = [
      '{"data": [1, 2, ], "links": {}}',
      '{"data": [, 1], "links": {}}',
      '{"data": [1,, 2]}',
      '[1 2, 3]',
      '{"data": [1, 2}',
      '{"data": [1, 2]',
      '{"data": [1, 2]} x',
      '{"data": ["a\\"]}',
      '[{"a": 1}, {"b": 2]]',
      '{"data" [1]}',
    ];
    for (const text of bad) {
      expect(() => void JSON.parse(text), text).toThrow();
      await expect(parseJsonInSlices(text, SMALL), text).rejects.toThrow(SyntaxError);
      // Cut at every comma: the cuts themselves must see the empty elements.
      await expect(parseJsonInSlices(text, { ...SMALL, sliceChars: 1 }), text).rejects.toThrow(SyntaxError);
    }
  });

  it('keeps a member named __proto__ as a member, and a repeated key as JSON.parse does (the last)', async () => {
    const proto = '{"__proto__": [1, 2, 3], "data": [4]}';
    const parsed = (await parseJsonInSlices(proto, SMALL)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(parsed).toEqual(JSON.parse(proto));
    const twice = '{"data": [1, 2], "data": "last"}';
    expect(await parseJsonInSlices(twice, SMALL)).toEqual({ data: 'last' });
  });

  it('lets other work run between slices of a large answer, and parses a small one at once', async () => {
    const records = Array.from({ length: 20_000 }, (_, i) => ({ booking_number: i, name: `Guest "${i}"`, n: [i] }));
    const text = JSON.stringify({ data: records, links: { next: null } });
    let pauses = 0;
    const parsed = await parseJsonInSlices(text, {
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
    });
    expect(parsed).toEqual({ data: records, links: { next: null } });
    // About one pause per default slice (128 Ki characters) of the array.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(text.length / (128 * 1024)) - 1);

    let ran = false;
    setImmediate(() => (ran = true));
    await parseJsonInSlices(text);
    expect(ran).toBe(true);

    pauses = 0;
    await parseJsonInSlices('{"data": [1, 2, 3]}', { pause: () => Promise.resolve(void pauses++) });
    expect(pauses).toBe(0);
  });
});
