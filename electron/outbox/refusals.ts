// The refusals the outbox gives itself, as structure: a contract code, a
// reason key with its parameters (the renderer words it in the person's
// language: shared/contract/result.ts REASON_KEYS) and an English sentence for
// the log only. One place, so the upgrade below can recognise every sentence
// an earlier build stored and turn it back into its reason.
import type { ContractError, Reason, ReasonKey } from '../../shared/contract';

const said = (
  code: ContractError['code'],
  key: ReasonKey,
  message: string,
  params: Reason['params'] = {},
): ContractError => ({ code, message, reason: { key, params } });

export const REFUSED = {
  recordGone: () =>
    said('not_found', 'record_gone', 'The server no longer has this record (someone may have deleted it).'),
  parentGone: () =>
    said('not_found', 'parent_gone', 'The server no longer has the booking, thread or listing this was for.'),
  acceptedThenGone: () =>
    said('not_found', 'accepted_then_gone', 'The server accepted the change, then no longer had the record.'),
  /** `fields`: the write names the server shows otherwise; `shown`: what it shows (for the log). */
  acceptedShows: (fields: readonly string[], shown: string) =>
    said('bad_response', 'accepted_shows', `The server accepted the change but shows ${shown}.`, {
      fields: fields.join(','),
    }),
  acceptedNotThere: () =>
    said(
      'bad_response',
      'accepted_not_there',
      'The server accepted this but it is not there when read back (someone may have removed it).',
    ),
  parentDiscarded: (resource: string) =>
    said(
      'not_found',
      'parent_discarded',
      `The new record this was for (${resource}) was discarded before it was created.`,
      { resource },
    ),
  neverCreated: () => said('not_found', 'never_created', 'This record was never created on the server.'),
} as const;

/** The sentences earlier builds stored, each with the reason it meant. */
const STORED: readonly [RegExp, (m: RegExpExecArray) => ContractError][] = [
  [/^The server no longer has this record \(someone may have deleted it\)\.$/, () => REFUSED.recordGone()],
  [/^The server no longer has the booking, thread or listing this was for\.$/, () => REFUSED.parentGone()],
  [/^The server accepted the change, then no longer had the record\.$/, () => REFUSED.acceptedThenGone()],
  [
    /^The server accepted the change but shows (.*)\.$/,
    (m) =>
      REFUSED.acceptedShows(
        [...m[1]!.matchAll(/(?:^|, )([\w.-]+) = /g)].map((f) => f[1]!),
        m[1]!,
      ),
  ],
  [/^The server accepted this but it is not there when read back/, () => REFUSED.acceptedNotThere()],
  [
    /^The new record this was for \((\w+)\) was discarded before it was created\.$/,
    (m) => REFUSED.parentDiscarded(m[1]!),
  ],
  [/^This record was never created on the server\.$/, () => REFUSED.neverCreated()],
];

/**
 * An error as this build stores it. One stored by an earlier build carries its meaning in an
 * English sentence only: the outbox's own refusals become their reasons again, and a server's
 * answer ("… (422: The adults field is invalid.)") its status and its own words. Errors that
 * already have their structure come back as they are.
 */
export function restructured(e: ContractError): ContractError {
  if (e.reason || e.server) return e;
  for (const [re, make] of STORED) {
    const m = re.exec(e.message);
    if (m) return { ...make(m), ...(e.fields ? { fields: e.fields } : {}) };
  }
  const answer = /\((\d{3})(?:: (.*))?\)$/s.exec(e.message);
  if (answer) return { ...e, server: { status: Number(answer[1]), ...(answer[2] ? { said: answer[2] } : {}) } };
  return e;
}
