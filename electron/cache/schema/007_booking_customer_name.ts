// Migration 7: a booking carries its customer's display name as a column.
// The day board, the calendar and the booking lists show "who" for every
// booking; joining customers for it was the largest part of the board's
// booking read (≈ 0.35 of 0.63 ms at 1,000 listings: a B-tree descent into a
// 126k-row table of wide rows per booking). Triggers keep the copy right
// whichever arrives first — the booking or its customer (they come from
// different API calls) — and whoever writes (sync, outbox, tests).
//
// Frozen: literal SQL, exactly what ran on people's machines (it used to be
// built from live code at every start; this is that output, copied). Never
// edit it: its checksum is stored in each database and pinned in
// migrations.test.ts — add a new migration instead.
export const BOOKING_CUSTOMER_NAME = `
ALTER TABLE bookings ADD COLUMN customer_name TEXT;
UPDATE bookings SET customer_name = (SELECT trim(c.name || ' ' || c.lastname) FROM customers c WHERE c.id = bookings.customer_id);

CREATE TRIGGER bookings_customer_name_ins AFTER INSERT ON bookings WHEN new.customer_id IS NOT NULL BEGIN
  UPDATE bookings SET customer_name = (SELECT trim(c.name || ' ' || c.lastname) FROM customers c WHERE c.id = new.customer_id)
  WHERE booking_number = new.booking_number;
END;
CREATE TRIGGER bookings_customer_name_upd AFTER UPDATE OF customer_id ON bookings
  WHEN old.customer_id IS NOT new.customer_id BEGIN
  UPDATE bookings SET customer_name = (SELECT trim(c.name || ' ' || c.lastname) FROM customers c WHERE c.id = new.customer_id)
  WHERE booking_number = new.booking_number;
END;
CREATE TRIGGER customers_name_ins AFTER INSERT ON customers BEGIN
  UPDATE bookings SET customer_name = trim(new.name || ' ' || new.lastname) WHERE customer_id = new.id;
END;
CREATE TRIGGER customers_name_upd AFTER UPDATE OF name, lastname ON customers
  WHEN old.name IS NOT new.name OR old.lastname IS NOT new.lastname BEGIN
  UPDATE bookings SET customer_name = trim(new.name || ' ' || new.lastname) WHERE customer_id = new.id;
END;
CREATE TRIGGER customers_name_del AFTER DELETE ON customers BEGIN
  UPDATE bookings SET customer_name = NULL WHERE customer_id = old.id;
END;
`;
