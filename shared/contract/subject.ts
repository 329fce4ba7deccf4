// What an outbox change is about, as data (its record's name, booking,
// listing, owner, rate, days): stored by the main side when the edit is made,
// worded by the renderer in the person's language. Its own module: the outbox
// entry, the stall watchdog and the notices all carry it.
import { z } from 'zod';

/**
 * What a change is about, as data: the renderer words it in the person's language (the main
 * side stores no sentence). Each kind fills what names its records (electron/outbox/kinds).
 */
export const changeSubject = z.object({
  /** The record's own name: a person, a listing, an owner, a destination, a rate, a cost's concept, an incident's title. */
  name: z.string().nullable(),
  /** The booking it is or belongs to: a local (negative) number while the PMS has not created it. */
  booking: z.number().int().nullable(),
  /** The listing's name. */
  listing: z.string().nullable(),
  /** The owner's name (a cost). */
  owner: z.string().nullable(),
  /** The rate's name (prices). */
  rate: z.string().nullable(),
  /** Its day ("YYYY-MM-DD"), or the first of its days. */
  from: z.string().nullable(),
  /** The last of its days (a block). */
  to: z.string().nullable(),
});
export type ChangeSubject = z.output<typeof changeSubject>;
