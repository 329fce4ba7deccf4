// The intranet-user form speaks the API's words: `active` as "true"/"false",
// the date of birth in the spec's YYYY/MM/DD, nothing the API cannot take
// (an emptied choice or e-mail), and a refused change's write-form values
// shown back in the form ("Edit and send again").
import { describe, expect, it } from 'vitest';
import { adminUpdate } from '../../../shared/api';
import { exampleAdmin } from '../../../shared/contract/testing/examples';
import { fieldName, fieldValue } from '../i18n/field-names';
import { I18n } from '../i18n/i18n.svelte';
import { EditForm } from './form.svelte';
import { ADMIN_SPECS, adminToForm, adminWrite, passwordProblem } from './admin-form';

const record = { ...exampleAdmin, date_of_birth: '1990-04-12', email: '' };

describe('the intranet-user form', () => {
  it('sends what changed in the API’s words, accepted by the write schema', () => {
    const form = new EditForm(ADMIN_SPECS, adminToForm(record));
    form.values.date_of_birth = '02/03/1991';
    form.values.active = false;
    form.values.department = 'IT';
    const r = form.validate();
    expect(r.ok).toBe(true);
    const changes = adminWrite(r.ok ? r.changes : {});
    expect(changes).toEqual({ date_of_birth: '1991/03/02', active: 'false', department: 'IT' });
    expect(adminUpdate.safeParse(changes).success).toBe(true);
  });

  it('says "Enter a real date" for a date that does not exist, and refuses a bad e-mail but not an empty one', () => {
    const form = new EditForm(ADMIN_SPECS, adminToForm(record));
    form.values.date_of_birth = '31/02/1991';
    form.values.email = 'not an address';
    expect(form.validate().ok).toBe(false);
    expect(form.errors.date_of_birth?.key).toBe('validation.date');
    expect(form.errors.email?.key).toBe('validation.email');
    form.values.date_of_birth = '';
    form.values.email = '';
    expect(form.validate().ok).toBe(true);
    // Neither can be emptied on the server: nothing is sent for them.
    expect(adminWrite({ date_of_birth: null, email: '' })).toEqual({});
  });

  it('shows a refused change’s values (write words) back in the form', () => {
    expect(adminToForm({ ...record, active: 'false', date_of_birth: '1985/07/09' })).toMatchObject({
      active: false,
      date_of_birth: '1985-07-09',
    });
  });

  it('asks for a password of at least 8 characters', () => {
    expect(passwordProblem('')).toBe('validation.required');
    expect(passwordProblem('short')).toBe('admins.passwordShort');
    expect(passwordProblem('long enough')).toBeNull();
  });

  it('names a changed field and its value in the Sync screen’s words, not the wire’s', () => {
    const es = new I18n('es');
    expect(fieldName(es, 'department')).toBe('Departamento');
    expect(fieldValue(es, 'admins', 'department', 'Cleaning')).toBe('Limpieza');
    expect(fieldValue(es, 'admins', 'active', 'false')).toBe(es.t('common.no'));
    expect(fieldValue(es, 'admins', 'date_of_birth', '1985/07/09')).toBe(es.date('1985-07-09', 'short'));
  });
});
