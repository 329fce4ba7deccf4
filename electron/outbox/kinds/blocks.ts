// Calendar blocks of a listing: created offline (matched on the server by content among the
// listing's blocks over the dates sent), edited, deleted; the update answers the record.
import { blockRead, F, type BlockUpdate } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { blocksTable, type TableSpec } from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import type { EntryContext, Values } from '../types';
import { applyChanges, same } from './fields';
import { listingName, onListing, orNull, readOne, USER } from './parts';
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
  const r = await orNull(
    client.list('blocks.list', { ...USER, query: { listing_id: listing, start_date: start, end_date: end } }),
  );
  if (!r) return null;
  return {
    items: r.items.map((b) => ({ value: b.value, raw: b.raw })),
    store: (db) => {
      upsertRecords(db, blocksTable, r.items);
    },
  };
}

export const blocks = {
  kind: 'blocks',
  table: blocksTable as TableSpec<never>,
  contextColumns: [],
  read: blockRead,
  fields,
  commands: {
    'blocks.update': { op: 'update', what: 'This block' },
    'blocks.delete': { op: 'delete', what: 'This block' },
    'blocks.create': {
      op: 'create',
      step: (_db, v) => {
        const block = v['block'] as Values;
        return onListing('blocks', block, { ...block, listing_id: Number(block['listing_id']) });
      },
    },
  },
  label: (db, rec) =>
    `Block · ${listingName(db, rec['listing_id'])} · ${String(rec['start_date'])} → ${String(rec['end_date'])}`,
  update: { endpoint: 'blocks.update', idKey: 'id', fetch: readOne('blocks.get') },
  remove: { endpoint: 'blocks.delete' },
  create: {
    endpoint: 'blocks.create',
    local: (id, _ctx, payload) =>
      applyChanges(fields, { id, listing_id: 0, start_date: '', end_date: '', block_type: 0, reason: '' }, payload),
    collection,
  },
} satisfies KindSpec<'blocks'>;
