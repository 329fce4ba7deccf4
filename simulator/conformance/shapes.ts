// Checks an answer against the shared endpoint table: the documented wrapper,
// then every item through the endpoint's tolerant read schema. Used by the
// conformance tests so every record the simulator serves is proven readable.
import { expect } from 'vitest';
import { endpoint, type EndpointName } from '../../shared/api/endpoints';
import { summarize } from '../../shared/api/validation';
import type { Answer } from './client';

/** Unwraps the body per the endpoint's wrapper and parses it with the item schema; returns the parsed value(s). */
export function expectShape(name: EndpointName, a: Answer): unknown {
  expect(a.status, `${name}: ${a.text.slice(0, 300)}`).toBe(200);
  const e = endpoint(name);
  const body = a.json as Record<string, unknown>;
  expect(body, `${name} answers a JSON object`).toBeTypeOf('object');
  const { wrapper, shape, item } = e.response;
  if (shape === 'nothing' || !item) return body;
  const inner = wrapper === 'none' || wrapper === 'empty' ? body : body[wrapper];
  const parse = (v: unknown, where: string) => {
    const r = item.safeParse(v);
    if (!r.success) throw new Error(`${name} ${where} does not parse: ${summarize(r.error)}\n${JSON.stringify(v)}`);
    return r.data;
  };
  if (shape === 'many') {
    expect(Array.isArray(inner), `${name} wraps an array under ${wrapper}`).toBe(true);
    return (inner as unknown[]).map((v, i) => parse(v, `item ${i}`));
  }
  return parse(inner, 'record');
}
