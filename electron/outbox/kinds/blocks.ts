// Calendar blocks of a listing: created offline (matched on the server by content among the
// listing's blocks over the dates sent), edited, deleted; the update answers the record.
import { blockRead, F, type BlockUpdate } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { blocksTable } from '../../cache/tables';
import type { EntryContext, Values } from '../types';
import { newRecord, same } from './fields';
import { edits, listed, onListing, orNull, record, str, updatedByGet, USER } from './parts';
import type { Collection, FieldCodec, FieldCodecs, KindSpec } from './spec';

const LISTING: FieldCodec = {
  read: 'listing_id',
  apply: (rec, v) => {
    rec['listing_id'] = Number(v);
  },
  canon: (rec) => (typeof rec['listing_id'] === 'number' ? rec['listing_id'] : null),
};

const fields: FieldCodecs<BlockUpdate> = {
  listing_id: LISTING,
  block_type: same('block_type'),
  start_date: same('start_date', F.date),
  end_date: same('end_date', F.date),
  reason: same('reason', F.text),
};

async function collection(client: ApiClient, ctx: EntryContext, payload: Values): Promise<Collection | null> {
  const start = String(payload['start_date']);
  const end = String(payload['end_date']);
  // The listing and dates it was sent with: an edit that rode along may have changed them.
  const listing = payload['listing_id'] !== undefined ? Number(payload['listing_id']) : ctx.listingId;
  const query = { listing_id: listing, start_date: start, end_date: end };
  return listed(blocksTable, await orNull(client.list('blocks.list', { ...USER, query })));
}

export const blocks = {
  ...record('blocks', blocksTable, blockRead, fields),
  refs: [{ kind: 'listings', context: 'listingId', payload: 'listing_id' }],
  // A block's dates move together: a conflict on one asks about both.
  together: [['start_date', 'end_date']],
  commands: {
    ...edits('blocks', 'This block', { remove: true }),
    'blocks.create': {
      op: 'create',
      step: (_db, v) => {
        const block = v['block'] as Values;
        const listingId = Number(block['listing_id']);
        // A listing created offline is held as its (numeric) local id, so refs can find and re-point it.
        const payload = listingId < 0 ? { ...block, listing_id: listingId } : block;
        return onListing('blocks', payload, { ...block, listing_id: listingId });
      },
    },
  },
  subject: { listing: 'listing_id', from: 'start_date', to: 'end_date' },
  update: updatedByGet('blocks'),
  remove: { endpoint: 'blocks.delete' },
  create: {
    endpoint: 'blocks.create',
    // The listing id is a string on write, per the spec (a re-pointed listing is a number until sent).
    body: (_ctx, payload) =>
      payload['listing_id'] === undefined ? payload : { ...payload, listing_id: str(payload['listing_id']) },
    local: newRecord(fields, { listing_id: 0, start_date: '', end_date: '', block_type: 0, reason: '' }),
    collection,
  },
} satisfies KindSpec<'blocks'>;
