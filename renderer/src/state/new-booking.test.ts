// The New booking form as reception uses it: the create payload it builds
// (customer names as the create spells them, line prices in cents), the
// checks where the person looks ("Enter a real date", whole numbers, the
// listing's capacity), a stay the cache says does not fit refused before
// anything is sent, the live answer winning, and card details checked but
// never part of the queued payload.
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge } from '../testing/fake-bridge';
import { NewBookingForm, cardFields } from './new-booking.svelte';

const check = COMMAND_EXAMPLES['stays.check'].output;

function filled(bridge = fakeBridge()) {
  const f = new NewBookingForm(bridge, { listingId: 12, from: '2026-07-01', to: '2026-07-04' });
  Object.assign(f.customer.values, { name: 'Anna', lastname: 'Kowalska', zip_code: '08001', country: '176' });
  return f;
}

describe('new booking form', () => {
  it('builds the create payload in the create’s own names, line prices in cents', () => {
    const f = filled();
    f.stay.values.total = '420.50';
    f.addLine('2026-06-30');
    Object.assign(f.lines[0]!.values, { concept_id: '1', price: '35.20' });
    const p = f.payload(4);
    expect(p).toMatchObject({
      listing_id: 12,
      start_date: '2026-07-01',
      end_date: '2026-07-04',
      adults: 2,
      status: 'confirmed',
      total: 420.5,
      customer: { name: 'Anna', surname: 'Kowalska', postal_code: '08001', country_id: 176 },
      lines: [{ concept_id: 1, price: 3520, pay_date: '2026-06-30', type_pay: 1 }],
    });
    expect(p?.customer).not.toHaveProperty('card_number');
  });

  it('says where the person looks what is wrong: a date that does not exist, letters in a number, too many people', () => {
    const f = filled();
    f.stay.values.end_date = '31/02/2026';
    f.stay.values.children = 'two';
    expect(f.payload(4)).toBeNull();
    expect(f.stay.errors.end_date).toEqual({ key: 'validation.date' });
    expect(f.stay.errors.children).toEqual({ key: 'validation.count' });
    const g = filled();
    g.stay.values.adults = '5';
    expect(g.payload(4)).toBeNull();
    expect(g.stay.errors.adults).toEqual({ key: 'validation.capacity', max: 4 });
  });

  it('names an existing customer as the search showed it', () => {
    const f = filled();
    f.existing = { id: 77, name: 'Joan Puig i Soler' };
    expect(f.payload(null)?.customer).toEqual({ id: 77, name: 'Joan', surname: 'Puig i Soler' });
  });

  it('refuses a stay the cache says does not fit, naming it; the live answer wins when there is one', async () => {
    const bridge = fakeBridge({
      'stays.check': () => ({
        ...check,
        fits: false,
        reasons: [
          { kind: 'booking', booking_number: 88, start_date: '2026-07-02', end_date: '2026-07-05', customer_name: 'X' },
        ],
      }),
      'stays.checkLive': () => ({ available: true, freeUnits: null, rateId: 1, checkedAt: 1 }),
    });
    const f = filled(bridge);
    await f.refresh(false);
    expect(f.refusal).toBe('clash');
    expect(bridge.callsOf('stays.checkLive')).toHaveLength(0);
    await f.refresh(true, true);
    expect(f.live).toMatchObject({ state: 'answered', available: true });
    expect(f.refusal).toBeNull();
  });

  it('checks card details before the one request, digits only', () => {
    expect(
      cardFields({ cardholder: '', card_number: '4111 1111 1111 1111', card_expiration: '12/29', card_cvv: '' }),
    ).toEqual({
      value: { cardholder: undefined, card_number: '4111111111111111', card_expiration: '12/29', card_cvv: undefined },
      errors: {},
    });
    expect(cardFields({ cardholder: 'A', card_number: '4111', card_expiration: '13/29', card_cvv: '' }).errors).toEqual(
      {
        card_number: 'invalid',
        card_expiration: 'invalid',
      },
    );
  });
});
