// The client's answers checked against the shared schemas (client.ts list,
// one, write): a list item by item (invalid items come back in `rejected`), a
// single record whole, a write's body against the strict write schema before
// anything is sent, and a wrong-shaped answer fetched once more before it is
// thrown (it is usually transient: a proxy, a half-deployed server).
import type { z } from 'zod';
import { endpoint, summarize, type Endpoint } from '../../shared/api';
import { requestContext } from './attempt';
import type { Raw } from './client';
import { ApiError, isApiError, unexpectedBody } from './errors';
import { READS, validateListInTurns, validateOne, type ListResult, type ReadItem, type ReadName } from './reads';

function schemaOf<N extends ReadName>(name: N): z.ZodType<ReadItem<N>> {
  return READS[name] as unknown as z.ZodType<ReadItem<N>>;
}

/** A list answer, each item validated on its own; a garbled envelope throws unexpected_body. */
export async function validatedList<N extends ReadName>(name: N, raw: Raw): Promise<ListResult<ReadItem<N>>> {
  const e = endpoint(name);
  const r = await validateListInTurns(schemaOf(name), e, raw.body);
  if (!r.ok) throw unexpectedBody(requestContext(e, e.path), r.why, raw.status);
  return r.result;
}

/** A single-record answer, validated (a record that does not validate throws unexpected_body). */
export function validatedOne<N extends ReadName>(name: N, raw: Raw): { value: ReadItem<N>; raw: unknown } {
  const e = endpoint(name);
  const r = validateOne(schemaOf(name), e, raw.body);
  if (!r.ok) throw unexpectedBody(requestContext(e, e.path), r.why, raw.status);
  return { value: r.value, raw: r.raw };
}

/** A wrong-shaped answer is usually transient (a proxy, a half-deployed server): fetch once more. */
export async function fetchValidated<T>(fetch: () => Promise<Raw>, validate: (raw: Raw) => T | Promise<T>): Promise<T> {
  const first = await fetch();
  try {
    return await validate(first);
  } catch (err) {
    if (!(isApiError(err) && err.kind === 'unexpected_body')) throw err;
    return await validate(await fetch());
  }
}

/** A write's body checked against the strict write schema: a local 'invalid' error, nothing sent. */
export function checkWriteBody(e: Endpoint, path: string, body: unknown): void {
  if (!e.body) return;
  const check = e.body.safeParse(body);
  if (check.success) return;
  throw new ApiError({
    ...requestContext(e, path),
    kind: 'invalid',
    message: `Not sent: ${summarize(check.error)}`,
    fields: Object.fromEntries(
      check.error.issues.map((i) => [i.path.map(String).join('.') || '_', [i.message]] as const),
    ),
  });
}

/** A write's answer, validated when the endpoint documents one, else returned as parsed JSON. */
export function writeAnswer(e: Endpoint, path: string, raw: Raw): Raw & { value?: unknown } {
  if (e.response.shape === 'one' && e.response.item) {
    const r = validateOne(e.response.item, e, raw.body);
    if (!r.ok) throw unexpectedBody(requestContext(e, path), r.why, raw.status);
    return { ...raw, value: r.value };
  }
  return raw;
}
