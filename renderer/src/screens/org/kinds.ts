// Owners, Costs and Destinations as list + detail specs (see tasks/task-kind.ts): their columns, their
// panel's fields and the commands an edit goes out as. TaskScreen and TaskDetail draw them; a new
// record's dialog (NewRecordDialog) draws the same fields.
import type { CostRecord, DestinationRecord, OwnerRecord } from '../../../../shared/contract';
import {
  COST_SPECS,
  DESTINATION_SPECS,
  OWNER_SPECS,
  costForm,
  destinationForm,
  orgPayload,
  ownerForm,
  TEXT_LANGS,
} from '../../state/org-forms';
import type { MessageKey } from '../../i18n/i18n.svelte';
import type { DetailField, KindContext, TaskKind } from '../tasks/task-kind';

export const ownerLabel = (o: Pick<OwnerRecord, 'name' | 'company_name' | 'id'>): string =>
  [o.name, o.company_name].filter(Boolean).join(' · ') || `#${o.id}`;

const orDash = (s: string | null | undefined) => (s ? s : { text: '—', muted: true as const });

export const OWNERS: TaskKind<OwnerRecord, 'owners.get', typeof OWNER_SPECS> = {
  route: 'owners',
  title: 'org.owners',
  rowAttr: 'data-record',
  columns: [
    { label: 'org.name', width: 'minmax(110px, 1.4fr)', class: 'strong', mark: true, cell: (r) => orDash(r.name) },
    { label: 'org.company', width: 'minmax(80px, 1fr)', cell: (r) => orDash(r.company_name) },
    { label: 'person.email', width: 'minmax(100px, 1.3fr)', cell: (r) => orDash(r.email) },
    { label: 'org.fiscalCity', width: 'minmax(70px, 0.8fr)', cell: (r) => orDash(r.fiscal_city) },
  ],
  detailTitle: 'org.owner',
  titleOf: (r) => ownerLabel(r),
  get: 'owners.get',
  resources: ['owners'],
  specs: OWNER_SPECS,
  toForm: ownerForm,
  idPrefix: 'owner',
  facts: () => [],
  grid: [
    { name: 'name', label: 'org.name' },
    { name: 'company_name', label: 'org.company' },
    { name: 'email', label: 'person.email' },
    { name: 'phone', label: 'org.phone' },
    { name: 'document_number', label: 'org.documentNumber' },
    null,
    { name: 'fiscal_address', label: 'org.fiscalAddress' },
    { name: 'fiscal_city', label: 'org.fiscalCity' },
    { name: 'fiscal_postal_code', label: 'org.fiscalPostalCode' },
    { name: 'fiscal_phone', label: 'org.fiscalPhone' },
  ],
  wide: [],
  send: (app, id, changes, parsed, amending) =>
    app.save('owners.update', { id, changes: orgPayload(changes, parsed) }, amending),
};

/** A cost row with its owner's name (the Costs screen joins them). */
export type CostRow = CostRecord & { ownerName: string };

const ownerOptions = (c: KindContext) =>
  (c.owners ?? [])
    .map((o) => ({ value: String(o.id), label: ownerLabel(o) }))
    .sort((a, b) => c.i18n.compare(a.label, b.label));

export const COSTS: TaskKind<CostRow, 'costs.get', typeof COST_SPECS> = {
  route: 'costs',
  title: 'org.costs',
  rowAttr: 'data-record',
  columns: [
    { label: 'org.owner', width: 'minmax(110px, 1.3fr)', cell: (r) => r.ownerName },
    {
      label: 'org.concept',
      width: 'minmax(120px, 1.7fr)',
      class: 'strong',
      mark: true,
      cell: (r) => orDash(r.concept),
    },
    {
      label: 'org.amount',
      width: '100px',
      class: 'num',
      cell: (r, c) => (r.amount === null ? '—' : c.i18n.money(r.amount)),
    },
  ],
  detailTitle: 'org.cost',
  titleOf: (r) => r.concept ?? '—',
  get: 'costs.get',
  resources: ['costs', 'owners'],
  specs: COST_SPECS,
  toForm: costForm,
  idPrefix: 'cost',
  facts: () => [],
  grid: [{ name: 'amount', label: 'org.amount' }, null],
  wide: [
    { name: 'owner_id', label: 'org.owner', options: ownerOptions },
    { name: 'concept', label: 'org.concept' },
  ],
  send: (app, id, changes, parsed, amending) =>
    app.save('costs.update', { id, changes: orgPayload(changes, parsed) }, amending),
};

type DestField = DetailField<typeof DESTINATION_SPECS, DestinationRecord>;
/** A text's field per language; the first carries the hint, when there is one (what the server shows of the text). */
const perLanguage = (text: 'name' | 'menu_name' | 'dinamic_url' | 'text', hint?: MessageKey) =>
  TEXT_LANGS.map((l, i): DestField => ({
    name: `${text}_${l}`,
    label: `org.f.${text}_${l}`,
    multiline: text === 'text',
    ...(i === 0 && hint ? { hint } : {}),
  }));

export const DESTINATIONS: TaskKind<DestinationRecord, 'destinations.get', typeof DESTINATION_SPECS> = {
  route: 'destinations',
  title: 'org.destinations',
  rowAttr: 'data-record',
  columns: [
    {
      label: 'org.destination',
      width: 'minmax(160px, 2fr)',
      class: 'strong',
      mark: true,
      cell: (r, c) => orDash(c.i18n.written(r.name_texts, r.name)),
    },
    {
      label: 'org.tax',
      width: '110px',
      class: 'num',
      cell: (r, c) => (r.tourist_tax === null ? '—' : c.i18n.money(r.tourist_tax)),
    },
    { label: 'org.maxDays', width: '140px', class: 'num', cell: (r) => String(r.max_days ?? '—') },
    {
      label: 'org.position',
      width: '170px',
      class: 'num',
      cell: (r) => (r.latitude === null || r.longitude === null ? '—' : `${r.latitude}, ${r.longitude}`),
    },
  ],
  detailTitle: 'org.destination',
  titleOf: (r, c) => c.i18n.written(r.name_texts, r.name) || '—',
  get: 'destinations.get',
  resources: ['destinations'],
  specs: DESTINATION_SPECS,
  toForm: destinationForm,
  idPrefix: 'destination',
  facts: (r, c) => [{ label: 'org.shownName', text: r.name || c.i18n.t('sync.empty') }],
  grid: [
    ...perLanguage('name', 'org.langHint'),
    null,
    { name: 'tax', label: 'org.tax' },
    { name: 'max_days', label: 'org.maxDays' },
    { name: 'lat', label: 'org.lat' },
    { name: 'lng', label: 'org.lng' },
    // Above the fields the PMS does not send back (to the end of the form): said once, where they start.
    { note: 'org.notShownBack' },
    { name: 'min_days_long_stay', label: 'org.longStay' },
    { name: 'exempt_age', label: 'org.exemptAge' },
    { name: 'order', label: 'org.order' },
    null,
    ...perLanguage('menu_name'),
    null,
    ...perLanguage('dinamic_url'),
    null,
  ],
  wide: perLanguage('text'),
  send: (app, id, changes, parsed, amending) =>
    app.save('destinations.update', { id, changes: orgPayload(changes, parsed) }, amending),
};
