// Migration 2: guests and customers are found by their document number too.
// Reception searches "X1234567Z" as often as a surname, and 001 indexed only
// name and email. number_id lives in the record's JSON (`data`), so the update
// triggers now also fire when `data` changes, and existing rows are re-indexed.
import { SEARCH_KIND_CODES as K, searchTriggers } from './001_cache';

// `->> 'number_id'` rather than json_extract(…, '$.number_id'): searchTriggers
// substitutes every "$" with the row name.
const documentBody = "$.email || ' ' || coalesce($.data ->> 'number_id', '')";

function reindex(table: 'customers' | 'guests', kind: number): string {
  return `
DROP TRIGGER ${table}_search_ins;
DROP TRIGGER ${table}_search_upd;
DROP TRIGGER ${table}_search_del;
${searchTriggers(table, kind, 'id', "$.name || ' ' || $.lastname", documentBody, ['name', 'lastname', 'email', 'data'])}
DELETE FROM search WHERE rowid IN (SELECT id * 8 + ${kind} FROM ${table});
INSERT INTO search (rowid, title, body)
  SELECT id * 8 + ${kind}, name || ' ' || lastname, email || ' ' || coalesce(data ->> 'number_id', '')
  FROM ${table};`;
}

export const SEARCH_DOCUMENTS = `${reindex('customers', K.customer)}
${reindex('guests', K.guest)}
`;
