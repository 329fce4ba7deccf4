// What the spec's text (shared/spec/interface.md) says each read answer looks
// like, typed out by hand — NOT taken from shared/api or the endpoint table:
// the wrapper of each read endpoint ("{data: …}", "{Listings: …}", "{User: …}",
// no wrapper) and the fields each resource table lists. Used with the example
// bodies of spec-examples.ts by spec-examples.test.ts.

/** The wrapper each read endpoint's response has, in the spec's words (Endpoints section). */
export const WRAPPERS = {
  'listings.list': 'data',
  'listings.get': 'Listings',
  'photos.get': 'data',
  'photos.list': 'data',
  'rates.list': 'data',
  'rates.get': 'data',
  'prices.get': 'data',
  'availability.get': 'data',
  'availability.getMU': 'none',
  'availability.check': 'none',
  'availability.checkMU': 'none',
  'blocks.get': 'data',
  'blocks.list': 'data',
  'bookings.list': 'data',
  'bookings.get': 'data',
  'customers.ofBooking': 'data',
  'customers.get': 'data',
  'guests.ofBooking': 'data',
  'guests.get': 'data',
  'incidents.list': 'data',
  'maintenance.list': 'data',
  'maintenance.get': 'data',
  'cleanings.list': 'data',
  'cleanings.get': 'data',
  'destinations.list': 'data',
  'origins.list': 'data',
  'admins.list': 'data',
  'admins.get': 'User',
  'owners.list': 'data',
  'owners.get': 'none',
  'costs.list': 'data',
  'costs.get': 'none',
  'threads.ofBooking': 'data',
} as const;

// ── Field lists, from the "Resources and their fields" tables ──

const LISTING_KEYS = [
  'id', 'active', 'name', 'mu', 'destination', 'street', 'floor', 'door', 'city', 'state', 'country',
  'zipcode', 'license', 'lat', 'lng', 'person_capacity', 'bathrooms', 'bath', 'bedrooms', 'm2', 'longstay',
  'checkinfrom', 'checkinto', 'checkout', 'latecheckinfrom', 'latecheckinto', 'price_latecheckin',
  'entry_limit_time', 'deposit', 'intercom_number', 'key_number', 'wifi_network', 'wifi_password',
  'tourist_tax', 'description', 'short_description', 'property_type', 'url', 'num_sofa_beds', 'fees',
  'services', 'rooms', 'synchronization_category',
]; // prettier-ignore
// owner_id: "create and update" only, so not required on a read.

export const KEYS = {
  listing: LISTING_KEYS,
  photo: ['id', 'listing_id', 'name', 'zone', 'type', 'position', 'alt_text', 'title'],
  rate: [
    'rate_id',
    'name',
    'parent_rate',
    'increment_by_person',
    'modify_price',
    'modify',
    'listing_id',
    'category_id',
  ],
  price: ['rate_id', 'date', 'min_days', 'max_days', 'price', 'active', 'cta', 'ctd'],
  block: ['id', 'start_date', 'end_date', 'listing_id', 'block_type', 'reason'],
  bookingOfList: [
    'booking_number', 'listing_id', 'start_date', 'end_date', 'customer_id', 'state', 'adults', 'children',
    'infants', 'paid', 'prepaid', 'total', 'deposit', 'tourist_tax', 'arrival_time', 'arrival_time_until',
    'departure_time', 'departure_time_until', 'source_id', 'opening_code', 'checkin_completed', 'key_numbers',
    'notes', 'services', 'extras',
  ], // prettier-ignore
  /** Single-record read: adds created_at, updated_at, customers; listing_id is "on lists and create". */
  bookingSingleAdds: ['created_at', 'updated_at', 'customers'],
  customer: [
    'id', 'name', 'lastname', 'email', 'address', 'city', 'zip_code', 'number_id', 'customer_type', 'country',
    'document_type', 'nationality', 'sex', 'date_issue', 'date_birth',
  ], // prettier-ignore
  guest: [
    'id', 'name', 'lastname', 'email', 'address', 'city', 'zip_code', 'number_id', 'country', 'document_type',
    'nationality', 'sex', 'date_issue', 'date_birth',
  ], // prettier-ignore
  customerType: ['id', 'nombre', 'created_at', 'updated_at'],
  incident: ['id', 'priority', 'date', 'subtitle', 'note', 'images', 'properties'],
  incidentProperty: ['listing_id', 'finished', 'finish_date'],
  /** id and listing_id: "single-record and update responses" only. */
  maintenanceOfList: [
    'booking_id', 'type', 'date', 'hour', 'inspected', 'inspection_date', 'duration', 'start', 'end', 'pending', 'notes',
  ], // prettier-ignore
  maintenanceSingleAdds: ['id', 'listing_id'],
  /** id: "single-record and update responses" only. */
  cleaningOfList: ['listing_id', 'status', 'date', 'inspected', 'time', 'duration', 'booking_id', 'notes'],
  cleaningSingleAdds: ['id'],
  destination: ['id', 'name', 'tourist_tax', 'latitude', 'longitude', 'max_days'],
  origin: ['id', 'name', 'active', 'tourist_tax'],
  admin: [
    'username', 'password', 'department', 'name', 'last_name', 'date_of_birth', 'address', 'city', 'zip_code', 'email',
    'phone', 'active', 'notes', 'iso_lang', 'user_type',
  ], // prettier-ignore
  owner: ['id', 'company_name', 'name', 'email', 'phone', 'document_number', 'tourist_tax'],
  costOfList: ['id', 'owner_id', 'concept', 'amount'],
  thread: ['id', 'listing_id', 'booking_id', 'customer_id', 'origin', 'external_id', 'type', 'created_at', 'messages'],
  message: ['id', 'thread_id', 'in_out', 'message', 'external_id', 'type', 'created_at'],
} as const;
