// The language the UI speaks and everything that depends on it: messages,
// dates, times, numbers and money (EUR), and names of code-table entries.
// Reading `locale` inside `t()` makes every template that translates re-render
// when the language changes.
import type { ContractError, Locale } from '../../../shared/contract';
import { COUNTRY_CHOICES, countries, orderCountryChoices, regionOf } from '../../../shared/codes';
import { toLocalDate } from '../state/dates';
import { enCodes, type CodeCatalog, type CodeKey } from './codes-en';
import { esCodes } from './codes-es';
import { caCodes } from './codes-ca';
import { en, type UiCatalog, type UiKey } from './en';
import { es } from './es';
import { ca } from './ca';
import { format, type Params } from './format';

export type MessageKey = UiKey | CodeKey;
type Catalog = UiCatalog & CodeCatalog;

export const CATALOGS: Record<Locale, Catalog> = {
  en: { ...en, ...enCodes },
  es: { ...es, ...esCodes },
  ca: { ...ca, ...caCodes },
};

/** BCP 47 tags: European English, Spain's Spanish and Catalan (dates day-first, euro formatting). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };
/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ca: 'Català' };

/** A country choice named in the UI language. */
export interface CountryOption {
  id: number;
  name: string;
}

export function isLocale(v: unknown): v is Locale {
  return v === 'en' || v === 'es' || v === 'ca';
}

type DateStyle = 'short' | 'medium' | 'long' | 'weekday' | 'dayMonth' | 'month';
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'short' },
};

export class I18n {
  locale = $state<Locale>('en');
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache of Intl formatters keyed by locale; nothing renders from it
  #formatters = new Map<
    string,
    Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.Collator
  >();

  constructor(locale: Locale = 'en') {
    this.locale = locale;
  }

  get tag(): string {
    return LOCALE_TAGS[this.locale];
  }

  #cached<
    T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.Collator,
  >(key: string, make: () => T): T {
    const k = `${this.tag}|${key}`;
    let f = this.#formatters.get(k) as T | undefined;
    if (!f) this.#formatters.set(k, (f = make()));
    return f;
  }

  /** The message for `key` in the current language, with parameters filled in. */
  t = (key: MessageKey, params?: Params): string => {
    const message = CATALOGS[this.locale][key] ?? CATALOGS.en[key] ?? key;
    return format(message, params, this.tag, (n) => this.number(n));
  };

  number = (n: number, digits?: number): string =>
    this.#cached(`n${digits ?? ''}`, () =>
      digits === undefined
        ? new Intl.NumberFormat(this.tag)
        : new Intl.NumberFormat(this.tag, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ).format(n);

  /** Euros, the business's currency. Null shows as a dash. */
  money = (amount: number | null | undefined): string =>
    amount === null || amount === undefined || !Number.isFinite(amount)
      ? '—'
      : this.#cached('eur', () => new Intl.NumberFormat(this.tag, { style: 'currency', currency: 'EUR' })).format(
          amount,
        );

  /** A calendar date "YYYY-MM-DD" in the chosen style; anything else is shown as it came. */
  date = (iso: string | null | undefined, style: DateStyle = 'medium'): string => {
    if (!iso) return '—';
    const day = iso.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return iso;
    return this.#cached(`d${style}`, () => new Intl.DateTimeFormat(this.tag, DATE_OPTIONS[style])).format(
      toLocalDate(day),
    );
  };

  /** "HH:MM" stays 24-hour in every language (the business's convention); null is a dash. */
  time = (hhmm: string | null | undefined): string => (hhmm ? hhmm.slice(0, 5) : '—');

  /** A duration "HH:MM" as "2 h", "45 min" or "1 h 30 min"; null is a dash. */
  duration = (hhmm: string | null | undefined, compact = false): string => {
    const m = hhmm ? /^(\d{1,3}):(\d{2})/.exec(hhmm) : null;
    if (!m) return hhmm || '—';
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (!h) return this.t('time.minutes', { m: min });
    if (!min) return this.t('time.hours', { h });
    return this.t(compact ? 'time.hoursMinutesShort' : 'time.hoursMinutes', { h, m: String(min).padStart(2, '0') });
  };

  /** An instant (ISO string or ms) as local date and time; with its year when asked (a list spanning years), in digits so it stays short in every language ("16/01/2027, 09:21"). */
  dateTime = (at: string | number | null | undefined, withYear = false): string => {
    if (at === null || at === undefined || at === '') return '—';
    const ms =
      typeof at === 'number' ? at : Date.parse(at.includes('T') || at.endsWith('Z') ? at : at.replace(' ', 'T'));
    if (Number.isNaN(ms)) return String(at);
    return this.#cached(
      withYear ? 'dty' : 'dt',
      () =>
        new Intl.DateTimeFormat(this.tag, {
          ...(withYear
            ? ({ day: '2-digit', month: '2-digit', year: 'numeric' } as const)
            : ({ day: 'numeric', month: 'short' } as const)),
          hour: '2-digit',
          minute: '2-digit',
        }),
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway instant to format
    ).format(new Date(ms));
  };

  /**
   * The one order of every sorted list of words (names, cities, owners): the person's language,
   * accents and case ignored ("Álvaro" with the A's), numbers by value ("Apartamento 7B" before "72").
   */
  compare = (a: string, b: string): number =>
    this.#cached('collate', () => new Intl.Collator(this.tag, { sensitivity: 'base', numeric: true })).compare(a, b);

  /** "3 min ago" / "in 5 min" relative to `now`. */
  relative = (at: string | number | null | undefined, now: number = Date.now()): string => {
    if (at === null || at === undefined) return '—';
    const ms = typeof at === 'number' ? at : Date.parse(at);
    if (Number.isNaN(ms)) return '—';
    const seconds = Math.round((ms - now) / 1000);
    if (Math.abs(seconds) < 45) return this.t('time.justNow');
    const rtf = this.#cached('rel', () => new Intl.RelativeTimeFormat(this.tag, { numeric: 'auto', style: 'short' }));
    const minutes = Math.round(seconds / 60);
    if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
    return rtf.format(Math.round(hours / 24), 'day');
  };

  /** A country by code-table id, named in the UI language (its region code → Intl), else the table's name. */
  country = (id: number | null | undefined): string => {
    if (id === null || id === undefined) return '—';
    const entry = countries.byId(id);
    if (!entry) return `#${id}`;
    const region = regionOf(entry);
    if (region) {
      try {
        const names = this.#cached('region', () => new Intl.DisplayNames([this.tag], { type: 'region' }));
        const name = names.of(region);
        if (name && name !== region) return name;
      } catch {
        // Codes Intl does not know (e.g. CT, XK on some engines) keep the table's name.
      }
    }
    return entry.name;
  };

  /**
   * Country choices for pickers, one per country: the business's most used
   * first (ids from `countries.mostUsed`), then the rest by name in the UI language.
   */
  countryOptions = (mostUsed: readonly number[] = []): { mostUsed: CountryOption[]; rest: CountryOption[] } =>
    orderCountryChoices(
      COUNTRY_CHOICES.map((c) => ({ id: c.id, name: this.country(c.id) })),
      (c) => c.name,
      this.tag,
      mostUsed,
    );

  /**
   * A contract error in the UI language. The main side's own sentence is
   * English; it is added only where it carries specifics the code cannot
   * (which value was refused, what the server said).
   */
  error = (error: ContractError): string => {
    const text = this.t(`error.${error.code}`);
    const specific =
      error.code === 'invalid_input' ||
      error.code === 'bad_response' ||
      error.code === 'internal' ||
      error.code === 'local_data_refused';
    return specific && error.message ? `${text} (${error.message})` : text;
  };

  /** A name from the code catalogs (`bookingStatus`, `blockType`, `concept`, `extra`…) with a numbered fallback. */
  code = (table: 'bookingStatus' | 'blockType' | 'documentType' | 'customerType' | 'concept' | 'extra', id: number) => {
    const key = `${table}.${id}`;
    if (key in CATALOGS.en) return this.t(key as MessageKey);
    const other = `${table}.other`;
    return other in CATALOGS.en ? this.t(other as MessageKey, { n: id }) : `#${id}`;
  };
}
