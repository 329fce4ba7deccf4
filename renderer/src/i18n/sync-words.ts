// The app's own words for what happens to a change (waiting to send, sending,
// sent, not accepted, conflict, checking), in one place: every mark, pill,
// toast and Sync-page filter takes its word from here, so none of them can
// borrow a business word (a booking "Confirmed", a task "Pending"). The
// business words are named here too, by catalog key, for the test that keeps
// the two vocabularies apart in every language.
import type { OutboxState } from '../../../shared/contract';
import type { MessageKey } from './i18n.svelte';

/** The word for each outbox state. */
export const SYNC_STATE_KEYS: Record<OutboxState, MessageKey> = {
  pending: 'outbox.pending',
  sending: 'outbox.sending',
  confirmed: 'outbox.confirmed',
  rejected: 'outbox.rejected',
  conflict: 'outbox.conflict',
  unknown: 'outbox.unknown',
};

/** What a toast says about a change at this moment. */
export const CHANGE_TOAST_KEYS = {
  sending: 'toast.sending',
  sent: 'toast.sent',
  offline: 'toast.savedOffline',
  waiting: 'toast.stillWaiting',
  rejected: 'toast.notAccepted',
  conflict: 'toast.conflict',
} as const satisfies Record<string, MessageKey>;

/** Every message that speaks of a change's fate (checked against the business words). */
export const SYNC_WORD_KEYS: readonly MessageKey[] = [
  ...Object.values(SYNC_STATE_KEYS),
  ...Object.values(CHANGE_TOAST_KEYS),
  'outbox.markTitle',
  'sync.filter.unsent',
  'sync.outbox',
  'header.unsent',
  'header.problems',
  'sync.outboxEmpty',
  'sync.sendNow',
  'refused.title',
  'refused.editAgain',
];

// Named in a module of their own (no imports), so the Chromium spec can read them too.
export { BUSINESS_WORD_KEY_PREFIXES, isBusinessWordKey } from './business-words';
