// Outbox commands: what the Sync screen lists and the three actions a person
// takes on an entry — retry (now), discard (undo the local change), resolve a
// conflict (keep mine / take theirs, for all fields or field by field).
import { z } from 'zod';
import { command } from '../define';
import { noInput, outboxState } from '../primitives';
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
    'Drop an unsent entry and undo its local change (the cached record returns to the server value).',
    z.strictObject({ id: entryId }),
    z.object({ discarded: z.literal(true) }),
  ),
  'outbox.resolve': command(
    'Resolve a conflict: keep mine or take theirs for every conflicting field, or per field in `fields`.',
    z.strictObject({ id: entryId, choice, fields: z.record(z.string(), choice).optional() }),
    outboxEntry,
  ),
} as const;
