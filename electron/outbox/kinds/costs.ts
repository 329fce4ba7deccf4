// Costs of owners: created offline (matched on the server by owner, concept and amount in the
// owner's costs), edited; confirmed by reading back (`costs.get`). A cost may name an owner created
// offline: it waits for that owner and goes under the owner's server id. What is sent for a cost is
// shared/api `costEdit` (owner, concept, amount — not the owner-shaped fields; see there why).
import { costRead, F, type CostEdit } from '../../../shared/api';
import { costsTable, type TableSpec } from '../../cache/tables';
import type { Rec, Values } from '../types';
import { applyChanges, money, same } from './fields';
import { ownerName } from './owners';
import { listedCollection, readOne, str } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<CostEdit> = {
  owner_id: same('owner_id'),
  concept: same('concept', F.textOrNull),
  amount: money('amount'),
};

function ownerLabel(db: Parameters<KindSpec<'costs'>['label']>[0], id: unknown): string {
  const row = typeof id === 'number' ? db.get<{ data: string }>('SELECT data FROM owners WHERE id = ?', [id]) : null;
  return row ? ownerName(JSON.parse(row.data) as Rec) : `owner ${str(id)}`;
}

export const costs = {
  kind: 'costs',
  table: costsTable as TableSpec<never>,
  // A cost of an owner created offline waits for the owner and is re-pointed to its server id (refs.ts).
  refs: [{ kind: 'owners', payload: 'owner_id' }],
  contextColumns: [],
  read: costRead,
  fields,
  commands: {
    'costs.update': { op: 'update', what: 'This cost' },
    'costs.create': {
      op: 'create',
      step: (_db, v) => {
        const cost = v['cost'] as Values;
        return { payload: cost, context: {}, parent: `costs@${str(cost['owner_id'])}`, labelRec: cost };
      },
    },
  },
  label: (db, rec) => `Cost · ${str(rec['concept']) || 'no concept'} · ${ownerLabel(db, rec['owner_id'])}`,
  update: { endpoint: 'costs.update', idKey: 'id', fetch: readOne('costs.get') },
  create: {
    endpoint: 'costs.create',
    local: (id, _ctx, payload) => applyChanges(fields, { id, owner_id: null, concept: null, amount: null }, payload),
    collection: (client, _ctx, payload) =>
      listedCollection(client, 'costs.list', costsTable, { owner_id: Number(payload['owner_id']) }),
  },
} satisfies KindSpec<'costs'>;
