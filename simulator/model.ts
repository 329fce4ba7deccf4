// The simulator's business state: the indexed tables that hold the records
// (records.ts), and id allocation.
import type {
  Destination,
  Category,
  Owner,
  Cost,
  Listing,
  Photo,
  Rate,
  PriceDay,
  Block,
  Booking,
  Customer,
  Guest,
  Incident,
  Maintenance,
  Cleaning,
  Message,
  Thread,
  Admin,
  Origin,
} from './records';
import { DayTable } from './table';

export type * from './records';

export type IdKind =
  | 'listing'
  | 'photo'
  | 'rate'
  | 'block'
  | 'booking'
  | 'customer'
  | 'guest'
  | 'incident'
  | 'maintenance'
  | 'cleaning'
  | 'thread'
  | 'message'
  | 'destination'
  | 'owner'
  | 'cost'
  | 'admin'
  | 'category';

/** First id of each kind: distinct ranges make a misrouted id fail loudly (404) instead of hitting another record. */
export const ID_BASE: Record<IdKind, number> = {
  listing: 101,
  photo: 5001,
  rate: 301,
  block: 70001,
  booking: 100001,
  customer: 20001,
  guest: 400001,
  incident: 8001,
  maintenance: 600001,
  cleaning: 800001,
  thread: 30001,
  message: 1_000_001,
  destination: 1,
  owner: 1,
  cost: 1,
  admin: 1,
  category: 1,
};

export class Store {
  readonly destinations = new Map<number, Destination>();
  readonly categories = new Map<number, Category>();
  readonly owners = new Map<number, Owner>();
  readonly costs = new Map<number, Cost>();
  readonly listings = new Map<number, Listing>();
  readonly photos = new Map<number, Photo>();
  /** The image bytes of photos created through the API (served at /media, simulator/server/media.ts). */
  readonly photoBytes = new Map<number, Buffer>();
  readonly rates = new Map<number, Rate>();
  /** Price updates per rate and day; days without an entry follow the rate's generated curve. */
  readonly priceOverrides = new Map<number, Map<number, PriceDay>>();
  readonly blocks = new DayTable<Block>((b) => ({ listings: [b.listing_id], start: b.start, end: b.end }));
  readonly bookings = new DayTable<Booking>((b) => ({ listings: [b.listing_id], start: b.start, end: b.end }));
  readonly customers = new Map<number, Customer>();
  readonly guests = new Map<number, Guest>();
  readonly incidents = new DayTable<Incident>((i) => ({
    listings: i.properties.map((p) => p.listing_id),
    start: i.day,
    end: i.day,
  }));
  readonly maintenance = new DayTable<Maintenance>((m) => ({ listings: [m.listing_id], start: m.day, end: m.day }));
  readonly cleanings = new DayTable<Cleaning>((c) => ({ listings: [c.listing_id], start: c.day, end: c.day }));
  readonly threads = new Map<number, Thread>();
  readonly threadsByBooking = new Map<number, number[]>();
  readonly messages = new Map<number, Message>();
  readonly admins = new Map<number, Admin>();
  readonly origins = new Map<number, Origin>();
  /** Tasks attached to a booking (cleaning and maintenance ids), so booking changes can move or drop them. */
  readonly tasksByBooking = new Map<number, { cleanings: number[]; maintenance: number[] }>();

  private readonly nextIds = new Map<IdKind, number>();

  constructor(
    /** The business's today (day number): defaults of date windows and the centre of the generated history. */
    readonly today: number,
    readonly seed: number,
  ) {}

  /** A fresh id of that kind (ids are never reused, even after deletes). */
  newId(kind: IdKind): number {
    const id = this.nextIds.get(kind) ?? ID_BASE[kind];
    this.nextIds.set(kind, id + 1);
    return id;
  }

  tasksOf(bookingId: number): { cleanings: number[]; maintenance: number[] } {
    let t = this.tasksByBooking.get(bookingId);
    if (!t) this.tasksByBooking.set(bookingId, (t = { cleanings: [], maintenance: [] }));
    return t;
  }

  addThread(thread: Thread): void {
    this.threads.set(thread.id, thread);
    const list = this.threadsByBooking.get(thread.booking_id);
    if (list) list.push(thread.id);
    else this.threadsByBooking.set(thread.booking_id, [thread.id]);
    for (const m of thread.messages) this.messages.set(m.id, m);
  }
}
