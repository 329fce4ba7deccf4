// People-related code tables: customer types, identity document types and languages, transcribed from
// shared/spec/code-tables.md in document order into tables/*.json (data, one entry a line).
import customerTypeRows from './tables/customer-types.json' with { type: 'json' };
import documentTypeRows from './tables/document-types.json' with { type: 'json' };
import languageRows from './tables/languages.json' with { type: 'json' };
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

export const CUSTOMER_TYPES: readonly CustomerType[] = customerTypeRows;

export const DOCUMENT_TYPES: readonly DocumentType[] = documentTypeRows;

export const LANGUAGES: readonly Language[] = languageRows;

/**
 * A document type's id from what a guest's read record holds: the name as the
 * code table writes it (any case), the id as text, or `#<id>` (what the outbox
 * shows for a type it sent by id and the table lacks); null when none fits.
 */
export function documentTypeIdOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const digits = /^#?(\d+)$/.exec(value.trim());
  if (digits) return DOCUMENT_TYPES.some((d) => d.id === Number(digits[1])) ? Number(digits[1]) : null;
  const v = value.trim().toLowerCase();
  return DOCUMENT_TYPES.find((d) => d.name.toLowerCase() === v)?.id ?? null;
}
