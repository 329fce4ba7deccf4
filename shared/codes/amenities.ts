// Services / amenities code table (listing field services), generated from shared/spec/code-tables.md in
// document order into tables/amenities.json. Names are exactly as written there, brand-neutral wordings included; id 191 is
// '(empty name)' in the document and has the name ''. Some names repeat under different ids (see the test).
import amenityRows from './tables/amenities.json' with { type: 'json' };
import type { CodeEntry } from './entry';

export type Amenity = CodeEntry;

export const AMENITIES: readonly Amenity[] = amenityRows;
