// The changes the server refused, for the banner on each record: one read of
// the refused outbox entries (again whenever the outbox moves), looked up by
// a record's mark. Also the words of a refusal — the reason once, built from
// the contract error's parts (per field: the field's name in the UI language
// and the server's message), and the values the person set — and the
// "Edit and send again" hand-over from a row to the record's own form.
import type {
  ContractError,
  OutboxEntry,
  OutboxMark,
  Reason,
  ResourceName,
  StayboardBridge,
} from '../../../shared/contract';
import { fieldName, fieldValue } from '../i18n/field-names';
import type { I18n, MessageKey } from '../i18n/i18n.svelte';
import { call } from './call';
import { amendable } from './outbox.svelte';
import { ruleKeyOfMessage } from './schema-errors';

/** The refused change of one record: its entries (oldest first), my values merged, the server's reason. */
export interface RefusedChange {
  resource: ResourceName;
  recordId: number;
  entryIds: number[];
  /** Values I set, in write form, later entries winning. */
  changes: Record<string, unknown>;
  error: ContractError | null;
  /** Every entry is an edit of the record, so the form can take my values again. */
  amendable: boolean;
}

export function refusedChangeOf(entries: readonly OutboxEntry[]): RefusedChange | null {
  const list = [...entries].filter((e) => e.state === 'rejected').sort((a, b) => a.id - b.id);
  const first = list[0];
  if (!first || first.recordId === null) return null;
  const changes: Record<string, unknown> = {};
  for (const e of list) Object.assign(changes, e.changes);
  return {
    resource: first.resource,
    recordId: first.recordId,
    entryIds: list.map((e) => e.id),
    changes,
    error: list.at(-1)!.error,
    amendable: list.every(amendable),
  };
}

const REASONS: Partial<Record<ContractError['code'], MessageKey>> = {
  not_found: 'refused.reason.not_found',
  not_allowed: 'refused.reason.not_allowed',
  invalid_input: 'refused.reason.invalid_input',
};

/** A domain rule's sentence (a value refused before queueing) in the UI language; any other message as sent. */
function worded(i18n: I18n, message: string): string {
  const key = ruleKeyOfMessage(message);
  return key ? i18n.t(key) : message;
}

/** A reason the app gives itself, its fields (`accepted_shows`) by their names in the UI language. */
export function reasonText(i18n: I18n, reason: Reason): string {
  const fields = reason.params['fields'];
  if (reason.key !== 'accepted_shows' || typeof fields !== 'string') return i18n.reason(reason);
  return i18n.reason({
    ...reason,
    params: {
      ...reason.params,
      fields: fields
        .split(',')
        .map((f) => fieldName(i18n, f))
        .join(', '),
    },
  });
}

/**
 * Why, once: one line per field named — the app's own reason for it in the UI language, or
 * what the server said ("The server said: …") — else the reason, else one plain sentence for the
 * kind of refusal with the server's own words when it gave some.
 */
export function refusalReasons(i18n: I18n, error: ContractError | null): string[] {
  const fields = Object.entries(error?.fields ?? {});
  if (fields.length)
    return fields.map(([path, messages]) => {
      const field = path.replace(/^(changes|booking)\./, '');
      const reason = error?.fieldReasons?.[path];
      const said = messages.join('; ');
      const message = reason
        ? reasonText(i18n, reason)
        : error?.server
          ? i18n.t('error.serverSaid', { text: said })
          : messages.map((m) => worded(i18n, m)).join('; ');
      return field === '_' ? message : i18n.t('refused.fieldReason', { field: fieldName(i18n, field), message });
    });
  if (error?.reason) return [reasonText(i18n, error.reason)];
  const plain = i18n.t((error && REASONS[error.code]) ?? 'refused.reason.other');
  return [error?.server?.said ? `${plain} ${i18n.t('error.serverSaid', { text: error.server.said })}` : plain];
}

/** "You set Adults to 20", per field I changed. */
export function refusedValues(i18n: I18n, change: RefusedChange, listingName?: (id: number) => string): string[] {
  return Object.entries(change.changes).map(([field, value]) =>
    i18n.t('refused.youSet', {
      field: fieldName(i18n, field),
      // A listing by its name (a new booking's refused listing), when the caller knows the names.
      value:
        field === 'listing_id' && typeof value === 'number' && listingName
          ? listingName(value)
          : fieldValue(i18n, change.resource, field, value),
    }),
  );
}

export class RefusedChanges {
  entries = $state.raw<OutboxEntry[]>([]);
  /** "Edit and send again" asked from a row: the record's own form takes these values when it opens. */
  intent = $state.raw<RefusedChange | null>(null);

  constructor(private readonly bridge: StayboardBridge) {}

  /** Reads now, again whenever the outbox moves, and for each account signed in (its outbox is another). */
  start(): () => void {
    void this.load();
    const offs = [
      this.bridge.on('outbox.changed', (p) => {
        if (p.summary.rejected > 0 || this.entries.length) void this.load();
      }),
      this.bridge.on('session.changed', () => void this.load()),
    ];
    return () => offs.forEach((off) => off());
  }

  async load(): Promise<void> {
    const r = await call(this.bridge, 'outbox.list', { states: ['rejected'], limit: 500 });
    this.entries = r.ok ? r.value : [];
  }

  /** The refused change of the record carrying `mark`, if any of its entries was refused. */
  of(mark: OutboxMark | null | undefined): RefusedChange | null {
    if (!mark) return null;
    return refusedChangeOf(this.entries.filter((e) => mark.entryIds.includes(e.id)));
  }

  /** The "Edit and send again" asked from a row for the record carrying `mark`, taken once. */
  takeIntent(mark: OutboxMark | null | undefined): RefusedChange | null {
    const i = this.intent;
    if (!i || !mark || !i.entryIds.some((id) => mark.entryIds.includes(id))) return null;
    this.intent = null;
    return this.of(mark) ?? i;
  }
}
