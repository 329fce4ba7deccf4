// The people and paperwork around a generated stay: its customer, the guests
// registered for it (documents, nationalities), its charge lines and its
// message thread with the guest.
import { isoOf } from '../days';
import type { Booking, Customer, Line, Store, Thread } from '../model';
import type { Rng } from '../prng';
import { dni, email, passport, type Person } from './people';

/** Where a booking's message thread lives, by booking origin (source_id). */
export const THREAD_ORIGIN: Record<number, string> = {
  1: 'email',
  2: 'booking',
  3: 'airbnb',
  4: 'expedia',
  5: 'vrbo',
  6: 'whatsapp',
  7: 'email',
  10: 'google',
};

const GUEST_MESSAGES = [
  'Hi! What time can we check in?',
  'Is there parking near the apartment?',
  'We will arrive around 22:00, is that OK?',
  '¿Podemos dejar el equipaje antes de la hora de entrada?',
  'Can we get a cot for the baby?',
  "The wifi password doesn't seem to work.",
  'Thank you, everything was perfect!',
  'Bonjour, y a-t-il un ascenseur ?',
];
const HOST_MESSAGES = [
  "Hello! Check-in is from 15:00. We'll send you the access code the day before.",
  'Yes, there is a public car park 200 m away.',
  'No problem, late check-in is possible (supplement 30 €).',
  'Claro, podéis dejarlo a partir de las 11:00.',
  "We've added a cot to your booking.",
  "Sorry about that, we'll send someone right away.",
];

/**
 * Charge lines of a stay in the operational window (no read shows them; they
 * exist so a booking is complete, as on create): accommodation, services,
 * tourist tax and the prepayment, prices in cents.
 */
export function linesOf(b: Booking, rng: Rng): Line[] {
  const payDate = isoOf(Math.floor(b.createdAt / 86_400_000));
  const typePay = rng.pick([1, 1, 2, 3]);
  const cents = (euros: number) => Math.round(euros * 100);
  const services = b.services.reduce((sum, x) => sum + x.qty * x.price, 0);
  const lines: Line[] = [
    { concept_id: 1, price: cents(b.total) - services, pay_date: payDate, type_pay: typePay },
    ...b.services.map((x) => ({
      concept_id: 11,
      extra_id: x.id,
      price: x.qty * x.price,
      pay_date: payDate,
      type_pay: typePay,
    })),
  ];
  if (b.tourist_tax > 0)
    lines.push({ concept_id: 5, price: cents(b.tourist_tax), pay_date: isoOf(b.start), type_pay: 3 });
  if (b.prepaid !== 0) lines.push({ concept_id: 3, price: cents(b.prepaid), pay_date: payDate, type_pay: typePay });
  return lines;
}

export function addCustomer(store: Store, rng: Rng, p: Person, createdAt: number): number {
  const id = store.newId('customer');
  const spanish = p.country === 73;
  const birth = store.today - rng.int(22 * 365, 75 * 365);
  const customer: Customer = {
    id,
    name: p.name,
    lastname: p.lastname,
    email: email(p, id),
    phone: p.phone,
    address: rng.chance(0.7)
      ? `${rng.pick(['Main Street', 'Rue de la Paix', 'Calle Mayor', 'Hauptstraße', 'Via Roma'])} ${rng.int(1, 200)}`
      : '',
    city: rng.chance(0.7)
      ? rng.pick(['Madrid', 'London', 'Paris', 'Berlin', 'Roma', 'Amsterdam', 'Bilbao', 'Zaragoza', 'Lyon', 'Dublin'])
      : '',
    zip_code: rng.chance(0.7) ? String(rng.int(10000, 99999)) : '',
    number_id: spanish ? dni(rng) : rng.chance(0.7) ? passport(rng) : '',
    customer_type: rng.weighted([
      [1, 80],
      [2, 8],
      [3, 6],
      [4, 6],
    ]),
    country: rng.chance(0.9) ? p.country : null,
    document_type: spanish ? rng.pick([1, 2]) : rng.chance(0.8) ? rng.pick([5, 6, 3]) : null,
    nationality: p.country,
    sex: p.sex,
    date_issue: rng.chance(0.8) ? isoOf(store.today - rng.int(100, 3500)) : null,
    date_birth: isoOf(birth),
    language_id: p.lang,
    createdAt,
    updatedAt: createdAt,
  };
  store.customers.set(id, customer);
  return id;
}

export function addGuest(store: Store, rng: Rng, booking: Booking, p: Person, child: boolean): void {
  const id = store.newId('guest');
  const spanish = p.country === 73;
  const age = child ? rng.int(2, 13) : rng.int(18, 75);
  store.guests.set(id, {
    id,
    booking_id: booking.id,
    name: p.name,
    lastname: p.lastname,
    email: child ? '' : rng.chance(0.5) ? email(p, id) : '',
    address: '',
    city: '',
    zip_code: '',
    number_id: child && age < 14 ? '' : spanish ? dni(rng) : passport(rng),
    country: p.country,
    document_type: child && age < 14 ? null : spanish ? rng.pick([1, 2]) : rng.pick([5, 6, 4, 7]),
    nationality: p.country,
    sex: p.sex,
    date_issue: child ? null : isoOf(store.today - rng.int(100, 3500)),
    date_birth: isoOf(booking.start - age * 365 - rng.int(0, 364)),
    updatedAt: booking.updatedAt,
  });
  booking.guestIds.push(id);
}

export function addThread(store: Store, rng: Rng, booking: Booking, source: number): void {
  const id = store.newId('thread');
  const createdAt = booking.createdAt + rng.int(60, 3 * 86400) * 1000;
  const thread: Thread = {
    id,
    listing_id: booking.listing_id,
    booking_id: booking.id,
    customer_id: booking.customer_id,
    origin: THREAD_ORIGIN[source]!,
    external_id: externalId(rng),
    type: source === 6 ? 'whatsapp' : source === 1 || source === 7 ? 'email' : 'chat',
    createdAt,
    messages: [],
  };
  let at = createdAt;
  for (let i = rng.int(1, 4), inOut: 0 | 1 = 0; i > 0; i--, inOut = inOut === 0 ? 1 : 0) {
    const mid = store.newId('message');
    thread.messages.push({
      id: mid,
      thread_id: id,
      in_out: inOut,
      message: inOut === 0 ? rng.pick(GUEST_MESSAGES) : rng.pick(HOST_MESSAGES),
      external_id: externalId(rng),
      type: rng.chance(0.7) ? null : 'text',
      createdAt: at,
    });
    at += rng.int(5 * 60, 20 * 3600) * 1000;
  }
  store.addThread(thread);
}

export function externalId(rng: Rng): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < 10; i++) s += chars[rng.int(0, chars.length - 1)];
  return s;
}
