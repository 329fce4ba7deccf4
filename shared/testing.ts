// Helpers for tests anywhere in the tree (never imported by the app: the layer
// rules treat this file as a test helper).

/** The error `p` rejects with, which must be an `E`; fails when `p` resolves or rejects with something else. */
export async function rejection<E extends Error>(
  p: Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await p;
  } catch (e) {
    if (e instanceof kind) return e;
    throw e;
  }
  throw new Error(`expected a ${kind.name}`);
}
