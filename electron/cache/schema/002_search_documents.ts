// Migration 2: guests and customers are found by their document number too.
// Reception searches "X1234567Z" as often as a surname, and 001 indexed only
// name and email. number_id lives in the record's JSON (`data`), so the update
// triggers now also fire when `data` changes, and existing rows are re-indexed.
//
// Frozen: literal SQL, exactly what ran on people's machines (it used to be
// built from live code at every start; this is that output, copied). Never
// edit it: its checksum is stored in each database and pinned in
// migrations.test.ts — add a new migration instead.
export const SEARCH_DOCUMENTS = `
DROP TRIGGER customers_search_ins;
DROP TRIGGER customers_search_upd;
DROP TRIGGER customers_search_del;

CREATE TRIGGER customers_search_ins AFTER INSERT ON customers BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 3, new.name || ' ' || new.lastname, new.email || ' ' || coalesce(new.data ->> 'number_id', '')); END;
CREATE TRIGGER customers_search_upd AFTER UPDATE OF name, lastname, email, data ON customers WHEN old.name IS NOT new.name OR old.lastname IS NOT new.lastname OR old.email IS NOT new.email OR old.data IS NOT new.data BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 3;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 3, new.name || ' ' || new.lastname, new.email || ' ' || coalesce(new.data ->> 'number_id', ''));
END;
CREATE TRIGGER customers_search_del AFTER DELETE ON customers BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 3;
END;
DELETE FROM search WHERE rowid IN (SELECT id * 8 + 3 FROM customers);
INSERT INTO search (rowid, title, body)
  SELECT id * 8 + 3, name || ' ' || lastname, email || ' ' || coalesce(data ->> 'number_id', '')
  FROM customers;

DROP TRIGGER guests_search_ins;
DROP TRIGGER guests_search_upd;
DROP TRIGGER guests_search_del;

CREATE TRIGGER guests_search_ins AFTER INSERT ON guests BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 4, new.name || ' ' || new.lastname, new.email || ' ' || coalesce(new.data ->> 'number_id', '')); END;
CREATE TRIGGER guests_search_upd AFTER UPDATE OF name, lastname, email, data ON guests WHEN old.name IS NOT new.name OR old.lastname IS NOT new.lastname OR old.email IS NOT new.email OR old.data IS NOT new.data BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 4;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 4, new.name || ' ' || new.lastname, new.email || ' ' || coalesce(new.data ->> 'number_id', ''));
END;
CREATE TRIGGER guests_search_del AFTER DELETE ON guests BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 4;
END;
DELETE FROM search WHERE rowid IN (SELECT id * 8 + 4 FROM guests);
INSERT INTO search (rowid, title, body)
  SELECT id * 8 + 4, name || ' ' || lastname, email || ' ' || coalesce(data ->> 'number_id', '')
  FROM guests;
`;
