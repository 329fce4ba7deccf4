// The data the layout check looks at: the demo workspace (the simulator's
// seeded business, with its own near-twins like "Apartamento Cala Blanca 72"
// and "… 7B") plus, made through the app's own commands and sent to the
// simulator like any person's change, the cases that broke screens before:
// two long listing names that differ only at the end, a 13-guest party
// arriving today on one of them, a third of that name free in the same town
// (what New booking offers instead when the stay clashes), a guest of the party
// with every detail the registration asks for, and a destination named in
// es/en/ca.
import type { HostFixture } from './fixtures';
import { addDays, ask, eventually, today } from './screens-helpers';

export const LONG_NAME = 'Apartamento Residencial Mirador de la Bahía de Sant Antoni de Portmany';
export const TWINS = [`${LONG_NAME} 3A`, `${LONG_NAME} 3B`] as const;
/** Free while the twins are taken: New booking's alternative to a clash on the first twin. */
export const ALTERNATIVE = `${LONG_NAME} 3C`;
export const PARTY = 13;
/** A destination's names as typed in each language (the server shows back one of them). */
export const DESTINATION_NAMES = {
  es: 'Costa de los Acantilados',
  en: 'Cliffs Coast',
  ca: 'Costa dels Penya-segats',
} as const;

/** Waits until every change made here has reached the simulator (the outbox has nothing unsent). */
async function expectUnsentSettled(host: HostFixture): Promise<void> {
  await eventually(
    'the outbox to settle',
    async () => {
      const s = await ask(host, 'outbox.summary', {});
      if (s.rejected || s.conflict) throw new Error(`a seeded change was refused: ${JSON.stringify(s)}`);
      return s.unsent === 0 ? s : null;
    },
    90_000,
  );
}

export interface LayoutData {
  /** Every listing name the screens may show. */
  listingNames: string[];
  /** The 13-guest party's booking number. */
  party: number;
  twinIds: number[];
}

export async function seedLayoutData(host: HostFixture): Promise<LayoutData> {
  const day = today();
  for (const name of [...TWINS, ALTERNATIVE])
    await ask(host, 'listings.create', {
      listing: {
        name,
        city: 'Sant Antoni de Portmany',
        person_capacity: 14,
        description: { es: 'Apartamento para grupos grandes.', en: 'Flat for large groups.' },
        rooms: { '1': [{ type: 'Double', num_beds: 1 }] },
      },
    });
  await ask(host, 'destinations.create', {
    destination: {
      name: { ...DESTINATION_NAMES },
      tax: 1.1,
    },
  });
  await expectUnsentSettled(host);
  const twins = await eventually('the two long-named listings with their server ids', async () => {
    const all = await ask(host, 'listings.list', {});
    const found = TWINS.map((n) => all.find((l) => l.name === n && l.id > 0));
    return found.every(Boolean) ? found.map((l) => l!.id) : null;
  });
  // The third of the name sells every night of the coming fortnight (a price, open). A listing made here has
  // a rate without prices, which the PMS calls not available; once the app has fetched that, New booking would
  // rightly offer nothing instead of the clash, and what the screens show would depend on the sync's timing.
  const rateId = await eventually('the free listing’s rate', async () => {
    const free = (await ask(host, 'listings.list', {})).find((l) => l.name === ALTERNATIVE && l.id > 0);
    if (!free) return null;
    // As the Prices screen does when it opens on the listing: its rates and prices come first.
    await ask(host, 'sync.setInterest', { screen: 'listing', listingIds: [free.id] });
    return (await ask(host, 'prices.grid', { listingId: free.id, from: day, to: addDays(day, 13) })).rates[0]?.rate_id;
  });
  // A price is set only on days whose prices were received (the app refuses the others until they are).
  await eventually(
    'the free listing’s prices set',
    async () => {
      try {
        return await ask(host, 'prices.update', {
          id: rateId,
          changes: { dates: [{ date: [day, addDays(day, 13)], price: 180, active: 1 }] },
        });
      } catch (e) {
        if (String(e).includes('have not been received yet')) return null;
        throw e;
      }
    },
    120_000,
  );
  const party = await ask(host, 'bookings.create', {
    booking: {
      listing_id: twins[0]!,
      status: 'confirmed',
      start_date: day,
      end_date: addDays(day, 3),
      adults: PARTY,
      arrival_time: '16:00',
      customer: {
        name: 'Maria Montserrat',
        surname: 'Puigdevall i Vilanova-Bertrand',
        email: 'montserrat.puigdevall@example.org',
        phone: '+34 600 000 013',
      },
    },
  });
  await ask(host, 'bookings.create', {
    booking: {
      listing_id: twins[1]!,
      status: 'confirmed',
      start_date: day,
      end_date: addDays(day, 2),
      adults: 2,
      customer: { name: 'Bartomeu', surname: 'Ferrer Llompart' },
    },
  });
  await expectUnsentSettled(host);
  const number = await eventually('the party booking with its server number', async () => {
    const list = await ask(host, 'bookings.list', { from: day, to: day, kind: 'arrivals' });
    return list.find((b) => b.listing_id === twins[0] && b.booking_number > 0)?.booking_number ?? null;
  });
  void party;
  // One guest with every detail the registration asks for (a child: no document needed), so the guest
  // cards print the line that says it ("Registered" once stood there alone).
  await ask(host, 'guests.create', {
    bookingNumber: number,
    guest: { name: 'Pau', lastname: 'Puigdevall Vilanova', nationality: 73, sex: 'M', date_birth: '2019-04-12' },
  });
  await expectUnsentSettled(host);
  const listingNames = (await ask(host, 'listings.list', {})).map((l) => l.name);
  return { listingNames, party: number, twinIds: twins };
}
