// The guest registration form: the fields the police registration needs,
// taken from the code tables (document types, countries, nationalities),
// checked before saving (a minor under 14 needs no document), and turned into
// the `guests.create` / `guests.update` payloads of the contract.
import { guestUpdate } from '../../../shared/api';
import { COMMANDS, type GuestRecord } from '../../../shared/contract';
import { choiceIdOf, countryChoiceFrom, documentTypeIdOf } from '../../../shared/codes';
import {
  DOCUMENT_FIELDS,
  REGISTRATION_FIELDS,
  ageOn,
  documentExempt,
  type RegistrationField,
} from '../../../shared/domain/registration';
import { documentNumberProblem } from '../../../shared/domain/identity-documents';
import { today } from './dates';
import { EditForm, writeSpecs, type FieldErrors, type FieldSpec, type LocalSpec } from './form.svelte';
import { parseDateInput } from './fields';
import { ruleKey } from './schema-errors';

/** A person's fields, as the guest and the customer forms draw them (their limits: each one's write schema). */
export const PERSON_FIELDS = {
  name: { kind: 'text', required: true },
  lastname: { kind: 'text', required: true },
  number_id: { kind: 'text' },
  date_issue: { kind: 'dateOrNull' },
  nationality: { kind: 'id' },
  sex: { kind: 'sex' },
  date_birth: { kind: 'dateOrNull' },
  country: { kind: 'id' },
  address: { kind: 'text' },
  city: { kind: 'text' },
  zip_code: { kind: 'text' },
  email: { kind: 'text' },
} as const satisfies Record<string, LocalSpec>;

export type PersonField = keyof typeof PERSON_FIELDS;
/** What a person form's specs have at least: the person's fields. */
export type PersonSpecs = Record<PersonField, FieldSpec>;

export const GUEST_SPECS = writeSpecs(guestUpdate.shape, { ...PERSON_FIELDS, document_type_id: { kind: 'id' } });
export type GuestField = keyof typeof GUEST_SPECS;

/** The form's name of a registration detail (the read shape names the document type, the form sends its id). */
const formField = (f: RegistrationField): GuestField => (f === 'document_type' ? 'document_type_id' : f);

/** What a registration must have (shared/domain/registration.ts); document fields only from 14 years of age. */
export const REQUIRED_FOR_REGISTRATION: readonly GuestField[] = REGISTRATION_FIELDS.map(formField);
const DOCUMENT_FORM_FIELDS: readonly GuestField[] = DOCUMENT_FIELDS.map(formField);

function guestInputKeys(): Set<string> {
  // The contract's guest payload, read at run time: a field appears here once the contract carries it.
  const guest = (COMMANDS['guests.create'].input.shape as { guest?: { shape?: Record<string, unknown> } }).guest;
  return new Set(Object.keys(guest?.shape ?? {}));
}

/** True when the contract lets the renderer send the document type (see CONTRACT-REQUESTS.md). */
export function documentTypeSupported(): boolean {
  return guestInputKeys().has('document_type_id');
}

/**
 * The country choice from what the API sends as a nationality: an id (as
 * text), an ISO code or a country name. A duplicate id of the code table
 * reads as the one choice offered for that country.
 */
export function countryIdOf(value: string | number | null | undefined): number | null {
  return countryChoiceFrom(value);
}

/** A document type id from the read shape's name (or id as text): shared/codes. */
export { documentTypeIdOf };

function recordOf(guest: GuestRecord | null): Partial<Record<GuestField, unknown>> {
  if (!guest) return {};
  return {
    ...guest,
    nationality: countryIdOf(guest.nationality),
    country: guest.country === null ? null : choiceIdOf(guest.country),
    document_type_id: documentTypeIdOf(guest.document_type),
  };
}

export { ageOn };

export class GuestForm {
  readonly form: EditForm<typeof GUEST_SPECS>;
  readonly supportsDocumentType = documentTypeSupported();

  constructor(
    readonly guest: GuestRecord | null,
    /** The stay's first day: the age that decides whether a document is needed. */
    private readonly stayStart: string,
  ) {
    this.form = new EditForm(GUEST_SPECS, recordOf(guest));
    this.form.rules = (parsed) => this.rules(parsed);
  }

  get isNew(): boolean {
    return this.guest === null;
  }

  /** Required fields given what is typed now (a child's document is optional). */
  required(): GuestField[] {
    const birth = parseDateInput(String(this.form.values.date_birth));
    const child = birth.ok && documentExempt(birth.value, this.stayStart);
    return REQUIRED_FOR_REGISTRATION.filter(
      (f) => !(child && DOCUMENT_FORM_FIELDS.includes(f)) && (f !== 'document_type_id' || this.supportsDocumentType),
    );
  }

  /**
   * The checks across the guest's fields, on leaving a field and on Save: what the
   * registration needs (by age), dates of a person (born before today, a document issued by
   * today at the latest), and the document number against its type (shared/domain:
   * a DNI's letter, a passport's format…) whenever either is typed — a number kept from the
   * server is not judged again until one of them changes.
   */
  rules(parsed: Record<string, unknown>): FieldErrors<typeof GUEST_SPECS> {
    const errors: FieldErrors<typeof GUEST_SPECS> = {};
    for (const f of this.required()) {
      const v = parsed[f];
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === ''))
        errors[f] = { key: 'validation.required' };
    }
    const now = today();
    const birth = parsed['date_birth'];
    if (typeof birth === 'string' && birth >= now) errors.date_birth = { key: 'validation.datePast' };
    const issued = parsed['date_issue'];
    if (typeof issued === 'string' && issued > now) errors.date_issue = { key: 'validation.dateFuture' };
    const dirty = this.form.dirty;
    const number = parsed['number_id'];
    if (
      typeof number === 'string' &&
      (this.isNew || dirty.includes('number_id') || dirty.includes('document_type_id'))
    ) {
      const type = parsed['document_type_id'];
      const rule = documentNumberProblem(typeof type === 'number' ? type : null, number);
      if (rule) errors.number_id ??= { key: ruleKey(rule) };
    }
    return errors;
  }

  /**
   * Checks the form; answers the guest payload (every filled field for a new
   * guest, changed fields for an existing one) or null with `form.errors` set.
   */
  payload(): Record<string, unknown> | null {
    const r = this.form.validate(null, this.isNew);
    if (!r.ok) return null;
    const out: Record<string, unknown> = {};
    const allowed = guestInputKeys();
    for (const [k, v] of Object.entries(r.changes)) {
      // The API cannot clear these (no null on write): an emptied field is left as it was.
      if (v === null || (v === '' && k !== 'email')) continue;
      if (this.isNew && v === '') continue;
      if (allowed.size && !allowed.has(k)) continue;
      out[k] = typeof v === 'string' ? v.trim() : v;
    }
    return out;
  }
}
