// Messages of a booking's thread: only ever sent (created), matched on the server by their text
// (spec-silent choice: spaces collapsed, inside their thread; their `thread_id` may come back null).
import { messageRead, type MessageSend } from '../../../shared/api';
import { CommandError } from '../../../shared/contract';
import type { ApiClient } from '../../api/client';
import { messagesTable } from '../../cache/tables';
import { replaceThreadsOfBooking } from '../../cache/write-compound';
import type { EntryContext, Rec, Values } from '../types';
import { same } from './fields';
import { isObj, notCached, orNull, record, USER } from './parts';
import type { Collection, FieldCodecs, KindSpec } from './spec';

// The fields of the send payload. The text is compared with its spaces collapsed: a server that
// trims what it stores must still be recognised.
const fields: FieldCodecs<MessageSend> = {
  thread_id: same('thread_id'),
  message: {
    read: 'message',
    apply: (rec, v) => {
      rec['message'] = typeof v === 'string' ? v : '';
    },
    canon: (rec) => (typeof rec['message'] === 'string' ? rec['message'].trim().replace(/\s+/g, ' ') : null),
  },
};

const columnsOf = (ctx: EntryContext): Rec => ({
  thread_ref: ctx.threadId ?? null,
  booking_number: ctx.bookingNumber ?? null,
});

async function collection(client: ApiClient, ctx: EntryContext): Promise<Collection | null> {
  const bookingNumber = ctx.bookingNumber!;
  const r = await orNull(client.list('threads.ofBooking', { ...USER, id: bookingNumber }));
  if (!r) return null;
  const thread = r.items.find((t) => t.value.id === ctx.threadId);
  if (!thread) return null;
  const rawMessages = isObj(thread.raw) && Array.isArray(thread.raw['messages']) ? thread.raw['messages'] : [];
  return {
    items: thread.value.messages.map((m, i) => ({
      value: { ...(m as unknown as Rec), thread_ref: thread.value.id, booking_number: bookingNumber },
      raw: (rawMessages as unknown[])[i] ?? m,
    })),
    store: (db) => {
      replaceThreadsOfBooking(db, bookingNumber, r.items);
    },
  };
}

export const messages = {
  ...record('messages', messagesTable, messageRead, fields),
  contextColumns: ['thread_ref', 'booking_number'],
  commands: {
    'messages.send': {
      op: 'create',
      step: (db, v) => {
        const bookingNumber = v['bookingNumber'] as number;
        const threadId = v['threadId'] as number;
        const thread = db.get<{ booking_number: number | null }>('SELECT booking_number FROM threads WHERE id = ?', [
          threadId,
        ]);
        if (!thread) throw notCached(`Thread ${threadId}`);
        if (thread.booking_number !== bookingNumber)
          throw new CommandError('invalid_input', `Thread ${threadId} does not belong to booking ${bookingNumber}.`, {
            threadId: ['is not a thread of this booking'],
          });
        const payload: Values = { thread_id: threadId, message: v['message'] };
        return { payload, context: { bookingNumber, threadId }, parent: `thread@${threadId}`, subjectRec: {} };
      },
    },
  },
  subject: { booking: 'context' },
  columnsOf,
  create: {
    endpoint: 'threads.send',
    local: (id, ctx, payload, now) => ({
      id,
      thread_id: ctx.threadId ?? null,
      // 1 = written by the business, as the simulator and the sample threads show it.
      in_out: 1,
      message: typeof payload['message'] === 'string' ? payload['message'] : '',
      external_id: null,
      type: null,
      created_at: new Date(now).toISOString(),
      ...columnsOf(ctx),
    }),
    collection,
    // A message is found inside its thread; its own thread_id may come back null.
    matchBy: ['message'],
  },
} satisfies KindSpec<'messages'>;
