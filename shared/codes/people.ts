// People-related code tables: customer types, identity document types and languages, transcribed from
// shared/spec/code-tables.md in document order.

import type { CodeEntry } from './entry';

export type CustomerType = CodeEntry;

/** The name is as written, including any ' (Spanish only)' suffix. */
export interface DocumentType extends CodeEntry {
  /** True when the document marks the type '(Spanish only)'. */
  readonly spanishOnly: boolean;
}

export interface Language extends CodeEntry {
  readonly code: string;
}

export const CUSTOMER_TYPES: readonly CustomerType[] = [
  { id: 1, name: 'Potential' },
  { id: 2, name: 'VIP' },
  { id: 3, name: 'Slow Payers' },
  { id: 4, name: 'Lost' },
  { id: 5, name: 'Recurrent' },
];

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  { id: 1, name: 'Passport (Spanish only)', spanishOnly: true },
  { id: 2, name: 'Identity Document (Spanish only)', spanishOnly: true },
  { id: 3, name: 'Driving license', spanishOnly: false },
  { id: 4, name: 'Residence permit', spanishOnly: false },
  { id: 5, name: 'Passport', spanishOnly: false },
  { id: 6, name: 'Identity Document', spanishOnly: false },
  { id: 7, name: 'Foreign residence permit', spanishOnly: false },
];

export const LANGUAGES: readonly Language[] = [
  { id: 1, code: 'es', name: 'Spanish' },
  { id: 2, code: 'en', name: 'English' },
  { id: 3, code: 'fr', name: 'French' },
  { id: 4, code: 'it', name: 'Italian' },
  { id: 5, code: 'pt', name: 'Portuguese' },
  { id: 6, code: 'ru', name: 'Russian' },
  { id: 7, code: 'de', name: 'German' },
  { id: 8, code: 'sv', name: 'Swedish' },
  { id: 9, code: 'ca', name: 'Catalan' },
];
