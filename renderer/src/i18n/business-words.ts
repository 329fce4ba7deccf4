// The business words the sync words must never borrow, named by catalog key:
// booking statuses, cleaning task and incident states. No imports, so both the
// catalog test (sync-words.test.ts) and the Chromium spec (tests/e2e/sync-words.spec.ts) read it.

/** Catalog keys whose messages are business states: booking statuses, cleaning task and incident states. */
export const BUSINESS_WORD_KEY_PREFIXES: readonly string[] = [
  'bookingStatus.',
  'cleaning.status.',
  'incidents.open',
  'incidents.finished',
];

/** A key ending in "." names a family of keys; any other names exactly one ("incidents.open", not "incidents.openCount"). */
export function isBusinessWordKey(key: string): boolean {
  return (
    !key.endsWith('.other') && BUSINESS_WORD_KEY_PREFIXES.some((p) => (p.endsWith('.') ? key.startsWith(p) : key === p))
  );
}
