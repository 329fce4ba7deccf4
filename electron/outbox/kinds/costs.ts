// Costs of owners: created offline (matched on the server by owner, concept and amount in the
// owner's costs), edited; confirmed by reading back (`costs.get`). A cost may name an owner created
// offline: it waits for that owner and goes under the owner's server id. What is sent for a cost is
// shared/api `costEdit` (owner, concept, amount — not the owner-shaped fields; see there why).
import { costRead, F, type CostEdit } from '../../../shared/api';
import { costsTable } from '../../cache/tables';
import { money, newRecord, same } from './fields';
import { createAsGiven, edits, listedCollection, record, str, updatedByGet } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<CostEdit> = {
  owner_id: same('owner_id'),
  concept: same('concept', F.textOrNull),
  amount: money('amount'),
};

export const costs = {
  ...record('costs', costsTable, costRead, fields),
  // A cost of an owner created offline waits for the owner and is re-pointed to its server id (refs.ts).
  refs: [{ kind: 'owners', payload: 'owner_id' }],
  commands: {
    ...edits('costs', 'This cost'),
    // One owner's costs are one collection.
    'costs.create': createAsGiven('cost', (cost) => `costs@${str(cost['owner_id'])}`),
  },
  subject: { name: 'concept', owner: 'owner_id' },
  update: updatedByGet('costs'),
  create: {
    endpoint: 'costs.create',
    local: newRecord(fields, { owner_id: null, concept: null, amount: null }),
    collection: (client, _ctx, payload) =>
      listedCollection(client, 'costs.list', costsTable, { owner_id: Number(payload['owner_id']) }),
  },
} satisfies KindSpec<'costs'>;
