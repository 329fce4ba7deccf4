// Owners: created offline (matched on the server by content in the owners list), edited; confirmed by
// reading back. The owner read (`owners.get`) does not show the fiscal fields the write takes, while the
// list does ("the list may carry more fields"): a read-back takes them from the list when the get lacks
// them — the one spec-silent choice of this kind.
import { F, ownerRead, type OwnerWrite } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { ownersTable, type TableSpec } from '../../cache/tables';
import type { Rec } from '../types';
import { newRecord, same } from './fields';
import { createAsGiven, edits, isObj, listedCollection, orNull, record, text, USER } from './parts';
import type { FieldCodecs, KindSpec, ServerVersion } from './spec';

const OWNERS = ownersTable as TableSpec<never>;
const FISCAL = ['fiscal_address', 'fiscal_city', 'fiscal_phone', 'fiscal_postal_code'] as const;

const fields: FieldCodecs<OwnerWrite> = {
  company_name: same('company_name', F.text),
  name: same('name', F.text),
  email: same('email', F.text),
  phone: same('phone', F.text),
  document_number: same('document_number', F.text),
  fiscal_address: same('fiscal_address', F.textOrNull),
  fiscal_city: same('fiscal_city', F.textOrNull),
  fiscal_phone: same('fiscal_phone', F.textOrNull),
  fiscal_postal_code: same('fiscal_postal_code', F.textOrNull),
};

async function fetch(client: ApiClient, id: number): Promise<ServerVersion | null> {
  const got = await orNull(client.one('owners.get', { ...USER, id }));
  if (!got) return null;
  const raw = isObj(got.raw) ? got.raw : {};
  if (FISCAL.every((f) => f in raw)) return { value: got.value as unknown as Rec, raw: got.raw };
  const row = (await listedCollection(client, 'owners.list', OWNERS))?.items.find((o) => o.value['id'] === id);
  const fromList = row && isObj(row.raw) ? Object.fromEntries(FISCAL.map((f) => [f, (row.raw as Rec)[f]])) : {};
  const merged = { ...fromList, ...raw };
  return { value: ownerRead.parse(merged) as unknown as Rec, raw: merged };
}

/** An owner by name: the company's, else the person's; null when it has neither. */
export const ownerName = (rec: Rec): string | null => text(rec['company_name']) ?? text(rec['name']);

export const owners = {
  ...record('owners', OWNERS, ownerRead, fields),
  commands: { ...edits('owners', 'This owner'), 'owners.create': createAsGiven('owner', 'owners') },
  subject: { name: ownerName },
  update: { endpoint: 'owners.update', idKey: 'id', fetch },
  create: {
    endpoint: 'owners.create',
    local: newRecord(fields, {
      company_name: '',
      name: '',
      email: '',
      phone: '',
      document_number: '',
      tourist_tax: null,
    }),
    collection: (client) => listedCollection(client, 'owners.list', OWNERS),
  },
} satisfies KindSpec<'owners'>;
