// The overlay's statements on their own (the outbox's view composes them: electron/outbox/view.ts).
import { describe, expect, it } from 'vitest';
import { bookingRead, cleaningRead } from '../../shared/api';
import { openCache } from './db';
import { getBooking } from './queries/bookings';
import {
  dropRecord,
  keepServerVersion,
  keysWithServerAside,
  markGoneOnServer,
  overlayRow,
  serverText,
  setOutboxMark,
  writeLocal,
} from './overlay';
import { bookingsTable, cleaningTable } from './tables';
import { upsertRecords } from './write';

const MARK = { state: 'pending', entryIds: [7], fields: ['notes'] } as const;
const raw = {
  booking_number: 1,
  listing_id: 1,
  start_date: '2026-03-01',
  end_date: '2026-03-04',
  state: 3,
  notes: 'a',
};

describe('the overlay columns', () => {
  it('a local value leaves the server version it was made against in raw', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(db, bookingsTable, [{ value: bookingRead.parse(raw), raw }]);
    writeLocal(db, bookingsTable, { ...bookingRead.parse(raw), notes: 'mine' }, MARK);
    expect(getBooking(db, 1)).toMatchObject({ notes: 'mine', outbox: MARK });
    expect(JSON.parse(serverText(overlayRow(db, bookingsTable, 1)!) as string)).toMatchObject({
      notes: 'a',
    });
    expect(keysWithServerAside(db, bookingsTable)).toEqual([]);
    expect(keepServerVersion(db, bookingsTable, 1, { ...raw, notes: 'theirs' })).toBe(true);
    expect(keysWithServerAside(db, bookingsTable)).toEqual([1]);
    expect(JSON.parse(serverText(overlayRow(db, bookingsTable, 1)!) as string)).toMatchObject({
      notes: 'theirs',
    });
    markGoneOnServer(db, bookingsTable, 1);
    expect(serverText(overlayRow(db, bookingsTable, 1)!)).toBe('{}');
    expect(keepServerVersion(db, bookingsTable, 2, raw)).toBe(false);
  });

  it('a record created offline gets raw {} and columns shown before the server has it; dropping removes it', () => {
    const db = openCache({ path: ':memory:' });
    writeLocal(
      db,
      cleaningTable,
      { ...cleaningRead.parse({ id: 1, listing_id: 1, date: '2026-03-01', status: 0 }), id: -1 },
      MARK,
      {
        date: '2026-03-02',
      },
    );
    const row = overlayRow(db, cleaningTable, -1)!;
    expect([row['raw'], row['date'], JSON.parse(row['outbox_mark'] as string)]).toEqual(['{}', '2026-03-02', MARK]);
    expect(setOutboxMark(db, cleaningTable, -1, null)).toBe(true);
    dropRecord(db, cleaningTable, -1);
    expect(overlayRow(db, cleaningTable, -1)).toBeUndefined();
    expect(setOutboxMark(db, cleaningTable, -1, MARK)).toBe(false);
  });
});
