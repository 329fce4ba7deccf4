// Rates of a listing or category: edited only (name, parent rate, modify price
// / modify, listing or category); the update's answer is not shown by the
// spec, so each update is confirmed by reading the rate back (`rates.get`).
import type { z } from 'zod';
import { F, rateRead, type rateUpdate } from '../../../shared/api';
import { ratesTable } from '../../cache/tables';
import { numeric, same } from './fields';
import { edits, record, updatedByGet } from './parts';
import type { FieldCodec, FieldCodecs, KindSpec } from './spec';

/** `type` is write-only: the read record shows it as which of listing / category is set. */
const TYPE: FieldCodec = {
  read: 'type',
  apply: (rec, v) => {
    rec['type'] = v;
    if (v === 'property') rec['category_id'] = null;
    if (v === 'category') rec['listing_id'] = null;
  },
  canon: (rec) =>
    typeof rec['type'] === 'string'
      ? rec['type']
      : rec['listing_id'] != null
        ? 'property'
        : rec['category_id'] != null
          ? 'category'
          : null,
};

const fields: FieldCodecs<z.infer<typeof rateUpdate>> = {
  rate_id: same('rate_id'),
  name: same('name', F.text),
  parent_rate: same('parent_rate'),
  modify_price: numeric('modify_price'),
  modify: numeric('modify'),
  listing_id: same('listing_id'),
  category_id: same('category_id'),
  type: TYPE,
};

export const rates = {
  ...record('rates', ratesTable, rateRead, fields),
  commands: edits('rates', 'This rate'),
  subject: { name: 'name', listing: 'listing_id' },
  update: updatedByGet('rates'),
} satisfies KindSpec<'rates'>;
