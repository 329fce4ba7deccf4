// A booking's customer: edited only; confirmed by reading it back (`customers.get` answers `{user}`).
import { customerRead, type CustomerUpdate } from '../../../shared/api';
import { countries, customerTypes } from '../../../shared/codes';
import type { ApiClient } from '../../api/client';
import { customersTable } from '../../cache/tables';
import type { Rec } from '../types';
import { codeName, PERSON } from './fields';
import { edits, fullName, isObj, orNull, record, USER } from './parts';
import type { FieldCodec, FieldCodecs, KindSpec, ServerVersion } from './spec';

const CUSTOMER_TYPE: FieldCodec = {
  read: 'customer_type',
  apply: (rec, v) => {
    rec['customer_type'] = typeof v === 'number' ? { id: v, name: customerTypes.name(v) } : null;
  },
  canon: (rec) => {
    const t = rec['customer_type'];
    return t && typeof t === 'object' ? ((t as { id?: unknown }).id ?? null) : null;
  },
};

// Customers read their country as a name (guests as an id).
const fields: FieldCodecs<CustomerUpdate> = {
  ...PERSON,
  country: codeName('country', countries),
  customer_type: CUSTOMER_TYPE,
};

async function fetch(client: ApiClient, id: number): Promise<ServerVersion | null> {
  const r = await orNull(client.one('customers.get', { ...USER, id }));
  if (!r?.value.user || !isObj(r.raw)) return null;
  return { value: r.value.user as unknown as Rec, raw: r.raw['user'] };
}

export const customers = {
  ...record('customers', customersTable, customerRead, fields),
  commands: edits('customers', 'This customer'),
  subject: { name: fullName },
  update: { endpoint: 'customers.update', idKey: 'id', fetch },
} satisfies KindSpec<'customers'>;
