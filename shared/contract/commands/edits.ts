// Edit commands: every change the outbox carries. Each writes the optimistic
// change and its outbox entry in one transaction and answers at once with the
// entry (state `pending`); the replay worker sends it when it can. Payloads are
// the strict write schemas of shared/api, so what the renderer may send is
// exactly what the API accepts.
import { z } from 'zod';
import {
  blockCreateOffline,
  adminUpdate,
  blockUpdate,
  bookingCreate,
  bookingUpdate,
  costCreate,
  costEdit,
  destinationCreate,
  destinationWrite,
  ownerCreate,
  ownerWrite,
  cleaningUpdate,
  customerUpdate,
  guestCreate,
  guestUpdate,
  incidentUpdate,
  listingWrite,
  maintenanceUpdate,
  messageSend,
  photoCreate,
  photoUpdate,
  priceUpdate,
  rateUpdate,
} from '../../api';
import { command } from '../define';
import { recordId } from '../primitives';
import { editReceipt } from '../status';

/** Local records (created offline, not yet on the server) have negative ids; 0 is never an id. */
const id = recordId.refine((n) => n !== 0, { error: 'is not a record id' });

/** Changes must change something: an empty edit would only add noise to the outbox. */
function changes<T extends z.ZodType<object>>(schema: T) {
  return schema.refine((c) => Object.keys(c).length > 0, { error: 'nothing to change' });
}

const update = <T extends z.ZodType<object>>(schema: T) => z.strictObject({ id, changes: changes(schema) });
const updateMany = <T extends z.ZodType<object>>(schema: T) =>
  z.strictObject({
    items: z
      .array(z.strictObject({ id, changes: changes(schema) }))
      .min(1, { error: 'select at least one task' })
      .max(500, { error: 'at most 500 tasks at a time' }),
  });
const remove = z.strictObject({ id });

/**
 * A new booking as the outbox keeps it: the spec's create payload (listing, dates, party,
 * times, status, customer — an existing `id` or a new one with every customer field —,
 * guests, lines, money, opening code, key numbers, notes) WITHOUT the customer's card
 * fields: those never enter the outbox (see `bookings.createWithCard`, online only).
 */
export const newBooking = bookingCreate.safeExtend({
  customer: bookingCreate.shape.customer.omit({
    cardholder: true,
    card_number: true,
    card_expiration: true,
    card_cvv: true,
  }),
});

export const editCommands = {
  'cleaning.update': command('Edit a cleaning task.', update(cleaningUpdate), editReceipt),
  'cleaning.updateMany': command(
    'Edit several cleaning tasks at once (bulk actions of the board); one entry per task, one transaction.',
    updateMany(cleaningUpdate),
    z.array(editReceipt),
  ),
  'cleaning.delete': command('Delete a cleaning task.', remove, editReceipt),

  'maintenance.update': command('Edit a maintenance task.', update(maintenanceUpdate), editReceipt),
  'maintenance.updateMany': command(
    'Edit several maintenance tasks at once; one entry per task, one transaction.',
    updateMany(maintenanceUpdate),
    z.array(editReceipt),
  ),
  'maintenance.delete': command('Delete a maintenance task.', remove, editReceipt),

  'incidents.update': command(
    'Edit an incident (priority, date, subtitle, note).',
    update(incidentUpdate),
    editReceipt,
  ),
  'incidents.delete': command('Delete an incident.', remove, editReceipt),

  'bookings.update': command(
    'Edit a booking: confirm / cancel, check-in done, dates, party, times, paid, tourist tax, opening code, keys, notes.',
    z.strictObject({ bookingNumber: id, changes: changes(bookingUpdate) }),
    editReceipt,
  ),

  'bookings.create': command(
    'Take a new booking (walk-in, phone). It shows at once with a local negative booking number and the mark ' +
      '`created` ("not yet in the PMS"); guests registered on it and edits of it wait for it and move to the ' +
      "server's number when it is created. Refused before queueing (`invalid_input`, the clashing booking or " +
      "block named) when the stay clashes in the local data or exceeds the listing's capacity. The receipt's " +
      '`recordId` is the local booking number.',
    z.strictObject({ booking: newBooking }),
    editReceipt,
  ),

  'guests.create': command(
    'Register a guest on a booking.',
    z.strictObject({ bookingNumber: id, guest: guestCreate.shape.guest }),
    editReceipt,
  ),
  'guests.update': command('Edit a registered guest.', update(guestUpdate), editReceipt),
  'customers.update': command("Edit a booking's customer.", update(customerUpdate), editReceipt),

  'messages.send': command(
    "Send a message to a booking's thread.",
    z.strictObject({ bookingNumber: id, threadId: messageSend.shape.thread_id, message: messageSend.shape.message }),
    editReceipt,
  ),

  'blocks.create': command('Block dates of a listing.', z.strictObject({ block: blockCreateOffline }), editReceipt),
  'blocks.update': command('Edit a calendar block.', update(blockUpdate), editReceipt),
  'blocks.delete': command('Remove a calendar block.', remove, editReceipt),

  'listings.create': command(
    'Add a listing (every write field; a name is required). It gets a local id until the server has it.',
    z.strictObject({ listing: listingWrite.required({ name: true }) }),
    editReceipt,
  ),
  'listings.update': command('Edit a listing: any of its write fields.', update(listingWrite), editReceipt),
  'photos.create': command(
    "Add a photo to a listing (the image as base64; checked against the spec's size limits and read for its type before it is queued).",
    // The listing may be one created offline (its local negative id): the photo waits for it.
    z.strictObject({ photo: photoCreate.extend({ listing_id: recordId }) }),
    editReceipt,
  ),
  'photos.update': command("Edit a photo's type, title, alt text or position.", update(photoUpdate), editReceipt),
  'photos.updateMany': command(
    'Reorder photos: the new positions of several photos, one entry per photo, one transaction.',
    updateMany(photoUpdate),
    z.array(editReceipt),
  ),
  'photos.delete': command('Delete a photo.', remove, editReceipt),
  'rates.update': command(
    'Edit a rate: name, parent rate, modify price / modify, listing (property) or category.',
    update(rateUpdate),
    editReceipt,
  ),
  'prices.update': command(
    'Set daily prices of a rate (`id`: the rate): price, min/max stay, open/closed, close to arrival/departure, per day or date range. Queued per day and field; sent as one request per rate with date ranges.',
    update(priceUpdate),
    editReceipt,
  ),
  'owners.create': command('Add an owner.', z.strictObject({ owner: ownerCreate }), editReceipt),
  'owners.update': command("Edit an owner's contact and fiscal data.", update(ownerWrite), editReceipt),
  'costs.create': command(
    "Add a cost to an owner's account (the owner may itself be new, not yet on the server).",
    z.strictObject({ cost: costCreate }),
    editReceipt,
  ),
  'costs.update': command("Edit a cost's owner, concept or amount.", update(costEdit), editReceipt),
  'destinations.create': command('Add a destination.', z.strictObject({ destination: destinationCreate }), editReceipt),
  'destinations.update': command(
    'Edit a destination: names, texts, URLs and menu names per language, tax, stays, position.',
    update(destinationWrite),
    editReceipt,
  ),
  'admins.update': command(
    'Edit an intranet user (never the password: admins.setPassword, online only).',
    update(adminUpdate),
    editReceipt,
  ),
} as const;

/** The edit commands: THE list (the services' handlers, the outbox and the renderer's `edit` take it from here). */
export type EditName = keyof typeof editCommands;
export const EDIT_NAMES = Object.keys(editCommands) as EditName[];
const EDIT_SET: ReadonlySet<string> = new Set(EDIT_NAMES);
export function isEditName(name: unknown): name is EditName {
  return typeof name === 'string' && EDIT_SET.has(name);
}
