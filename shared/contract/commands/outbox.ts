// Outbox commands: what the Sync screen lists and the actions a person takes
// on an entry — retry (now), discard (undo the local change), resolve a
// conflict (keep mine / take theirs, for all fields or field by field), and
// amend a refused change ("Edit and send again").
import { z } from 'zod';
import { command } from '../define';
import { noInput, nullable, outboxState } from '../primitives';
import { outboxEntry, outboxSummary } from '../status';

const entryId = z.number({ error: 'must be a number' }).int().positive({ error: 'is not an outbox entry' });
const choice = z.enum(['mine', 'theirs'], { error: 'must be "mine" or "theirs"' });

export const outboxCommands = {
  'outbox.list': command(
    'Outbox entries, newest first; by default every entry not yet confirmed plus recent confirmations.',
    z.strictObject({
      states: z.array(outboxState).min(1).optional(),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    z.array(outboxEntry),
  ),
  'outbox.summary': command('Counts of outbox entries per state.', noInput, outboxSummary),
  'outbox.retry': command(
    'Send a rejected, conflicting-after-resolve or waiting entry again now (ignores backoff).',
    z.strictObject({ id: entryId }),
    outboxEntry,
  ),
  'outbox.discard': command(
    'Drop an unsent entry and undo its local change (the cached record returns to the server value). ' +
      'Discarding a create also discards the changes that depend on the new record (`dependents` of them).',
    z.strictObject({ id: entryId }),
    z.object({ discarded: z.literal(true), dependents: z.number().int().min(0).default(0) }),
  ),
  'outbox.resolve': command(
    'Resolve a conflict: keep mine or take theirs for every conflicting field, or per field in `fields`; ' +
      "`values` gives a field a value of my own instead (write form of the record's update), sent over theirs.",
    z.strictObject({
      id: entryId,
      choice,
      fields: z.record(z.string(), choice).optional(),
      values: z.record(z.string(), z.unknown()).optional(),
    }),
    outboxEntry,
  ),
  'outbox.amend': command(
    'Edit and send again a change the server refused: the refused entry (with the entries refused with it) is ' +
      "dropped and `changes` (write form of the same record's update command) is queued as a new edit, in one " +
      'transaction. A refused create that a form can take again (a new guest) is amended in place instead: ' +
      '`changes` merge into its values and it is queued again under its local id. Empty `changes` only drops ' +
      'the refused change.',
    z.strictObject({ id: entryId, changes: z.record(z.string(), z.unknown()) }),
    z.object({ entryId: nullable(z.number().int()) }),
  ),
} as const;
