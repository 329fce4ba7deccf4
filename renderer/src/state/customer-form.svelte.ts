// The booking customer's form, opened by "Edit and send again" on a refused
// customer edit: the person fields of the contract's `customers.update`
// (limits from the shared write schema), countries and customer type as
// choices, and the changed fields turned into that command's payload.
import { customerUpdate } from '../../../shared/api';
import type { CustomerRecord } from '../../../shared/contract';
import { countryIdOf } from './guest-form.svelte';
import { EditForm, type FieldErrors } from './form.svelte';
import { looksLikeEmail } from './fields';

const W = customerUpdate.shape;

export const CUSTOMER_SPECS = {
  name: { kind: 'text', required: true, schema: W.name },
  lastname: { kind: 'text', required: true, schema: W.lastname },
  customer_type: { kind: 'id', schema: W.customer_type },
  email: { kind: 'text' },
  number_id: { kind: 'text', schema: W.number_id },
  date_issue: { kind: 'dateOrNull', schema: W.date_issue },
  nationality: { kind: 'id', schema: W.nationality },
  sex: { kind: 'sex' },
  date_birth: { kind: 'dateOrNull', schema: W.date_birth },
  country: { kind: 'id', schema: W.country },
  address: { kind: 'text', schema: W.address },
  city: { kind: 'text', schema: W.city },
  zip_code: { kind: 'text', schema: W.zip_code },
} as const;

/** The read record in the form's terms: countries by their code-table id, the type by its id. */
function recordOf(customer: CustomerRecord): Partial<Record<keyof typeof CUSTOMER_SPECS, unknown>> {
  return {
    ...customer,
    customer_type: customer.customer_type?.id ?? null,
    nationality: countryIdOf(customer.nationality),
    country: countryIdOf(customer.country),
  };
}

export class CustomerForm {
  readonly form: EditForm<typeof CUSTOMER_SPECS>;

  constructor(readonly customer: CustomerRecord) {
    this.form = new EditForm(CUSTOMER_SPECS, recordOf(customer));
  }

  /** The changed fields in write form, or null with `form.errors` set. */
  payload(): Record<string, unknown> | null {
    const r = this.form.validate((parsed) => {
      const errors: FieldErrors<typeof CUSTOMER_SPECS> = {};
      const email = parsed['email'];
      if (typeof email === 'string' && email.trim() && !looksLikeEmail(email))
        errors.email = { key: 'validation.email' };
      return errors;
    });
    if (!r.ok) return null;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r.changes)) {
      // The API cannot clear these (no null on write): an emptied field is left as it was.
      if (v === null || (v === '' && k !== 'email')) continue;
      out[k] = typeof v === 'string' ? v.trim() : v;
    }
    return out;
  }
}
