// The booking customer's form, opened by "Edit and send again" on a refused
// customer edit: the person fields of the contract's `customers.update`
// (limits from the shared write schema), countries and customer type as
// choices, and the changed fields turned into that command's payload.
import { customerUpdate } from '../../../shared/api';
import type { CustomerRecord } from '../../../shared/contract';
import { PERSON_FIELDS, countryIdOf } from './guest-form.svelte';
import { EditForm, writeSpecs } from './form.svelte';

export const CUSTOMER_SPECS = writeSpecs(customerUpdate.shape, { ...PERSON_FIELDS, customer_type: { kind: 'id' } });

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
    const r = this.form.validate();
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
