// A bulk action of the board: what it queues (nothing that changes nothing),
// and the sentence that tells what it did and what it left alone, per kind.
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { I18n } from '../i18n/i18n.svelte';
import { bulkReport, countKinds, kindsText, planBulk } from './board-bulk';

const row = COMMAND_EXAMPLES['board.day'].output.rows[0]!;
const cleanings = (n: number, over: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ ...row.cleaning[0]!, id: 100 + i, ...over }));
const maintenance = (n: number, over: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ ...row.maintenance[0]!, id: 200 + i, ...over }));

describe('bulk actions of the board', () => {
  const en = new I18n();
  it('says what is selected per kind', () => {
    expect(kindsText(en, countKinds(['c:1', 'c:2', 'c:3', 'c:4', 'c:5', 'm:1', 'm:2', 'm:3', 'm:4']))).toBe(
      '5 cleanings, 4 maintenance tasks',
    );
    expect(kindsText(en, countKinds(['m:1']))).toBe('1 maintenance task');
  });

  it('a status touches only the cleanings not already in it, and says so', () => {
    const plan = planBulk([...cleanings(4), ...cleanings(1, { id: 199, status: 2 })], maintenance(4), {
      kind: 'status',
      status: 2,
    });
    expect(plan.cleaning.map((c) => c.id)).toEqual([100, 101, 102, 103]);
    expect(plan.maintenance).toEqual([]);
    expect(bulkReport(en, { kind: 'status', status: 2 }, plan)).toBe(
      'Status set to “Done”: 4 cleanings. Already “Done”, left as they are: 1 cleaning. Not changed, they have no status: 4 maintenance tasks.',
    );
  });

  it('inspected: only those not inspected yet; nothing to change is said as such', () => {
    const plan = planBulk(cleanings(2, { inspected: true }), maintenance(1), { kind: 'inspected' });
    expect(plan.cleaning).toEqual([]);
    expect(plan.maintenance).toHaveLength(1);
    expect(bulkReport(en, { kind: 'inspected' }, plan)).toBe(
      'Marked inspected: 1 maintenance task. Already inspected, left as they are: 2 cleanings.',
    );
    const none = planBulk(cleanings(2, { inspected: true }), [], { kind: 'inspected' });
    expect(bulkReport(en, { kind: 'inspected' }, none)).toBe(
      'Nothing to change. Already inspected, left as they are: 2 cleanings.',
    );
    expect(bulkReport(en, { kind: 'inspected' }, planBulk([], [], { kind: 'inspected' }))).toBe('No task is selected.');
  });

  it('speaks Spanish and Catalan', () => {
    const plan = planBulk(cleanings(5), maintenance(4), { kind: 'status', status: 2 });
    const es = new I18n('es');
    expect(bulkReport(es, { kind: 'status', status: 2 }, plan)).toMatch(
      /^Estado cambiado a «.+»: 5 limpiezas\. Sin cambios, no tienen estado: 4 tareas de mantenimiento\.$/,
    );
    const ca = new I18n('ca');
    expect(kindsText(ca, countKinds(['c:1', 'm:1', 'm:2']))).toBe('1 neteja, 2 tasques de manteniment');
  });
});
