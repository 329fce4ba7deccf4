// Destinations: created offline (matched on the server by content in the destinations list), edited;
// confirmed by reading back (`destinations.get`). The read shows a name as ONE text and the tax,
// position and maximum stay; the write takes a language object per text and more: names agree when
// the server shows one of the names sent, and the fields it never shows (long-stay minimum, order,
// exempt age, text, dynamic URL, menu name) are sent whenever changed and cannot be read back
// (kinds/fields.ts `langShown`, `unseen`).
import { destinationRead, F, type DestinationWrite } from '../../../shared/api';
import { destinationsTable, type TableSpec } from '../../cache/tables';
import type { Rec } from '../types';
import { applyChanges, langShown, money, same, unseen } from './fields';
import { listedCollection, readOne, str } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<DestinationWrite> = {
  name: langShown('name'),
  tax: money('tourist_tax'),
  lat: same('latitude', F.numOrNull),
  lng: same('longitude', F.numOrNull),
  max_days: same('max_days', F.numOrNull),
  min_days_long_stay: unseen('min_days_long_stay'),
  order: unseen('order'),
  exempt_age: unseen('exempt_age'),
  text: unseen('text'),
  dinamic_url: unseen('dinamic_url'),
  menu_name: unseen('menu_name'),
};

export const destinations = {
  kind: 'destinations',
  table: destinationsTable as TableSpec<never>,
  contextColumns: [],
  read: destinationRead,
  fields,
  commands: {
    'destinations.update': { op: 'update', what: 'This destination' },
    'destinations.create': {
      op: 'create',
      step: (_db, v) => {
        const destination = v['destination'] as Rec;
        return {
          payload: destination,
          context: {},
          parent: 'destinations',
          labelRec: applyChanges(fields, {}, destination),
        };
      },
    },
  },
  label: (_db, rec) => `Destination · ${str(rec['name']) || 'no name'}`,
  update: { endpoint: 'destinations.update', idKey: 'id', fetch: readOne('destinations.get') },
  create: {
    endpoint: 'destinations.create',
    local: (id, _ctx, payload) =>
      applyChanges(
        fields,
        { id, name: '', tourist_tax: null, latitude: null, longitude: null, max_days: null },
        payload,
      ),
    collection: (client) => listedCollection(client, 'destinations.list', destinationsTable),
  },
} satisfies KindSpec<'destinations'>;
