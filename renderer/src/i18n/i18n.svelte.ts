// The language the UI speaks and everything that depends on it: messages,
// dates, times, numbers and money (EUR), and names of code-table entries.
// Reading `locale` inside `t()` makes every template that translates re-render
// when the language changes.
import type { ContractError, Locale, Reason } from '../../../shared/contract';
import { COUNTRY_CHOICES, countries, orderCountryChoices, regionOf } from '../../../shared/codes';
import { DateFormat, type DateStyle } from '../../../shared/date-format';
import { textIn } from '../../../shared/domain/lang-text';
import { enCodes, type CodeCatalog, type CodeKey } from './codes-en';
import { esCodes } from './codes-es';
import { caCodes } from './codes-ca';
import { en, type UiCatalog, type UiKey } from './en';
import { es } from './es';
import { ca } from './ca';
import { caCoverage, enCoverage, esCoverage, type CoverageCatalog, type CoverageKey } from './coverage-words';
import { format, type Params } from './format';

export type MessageKey = UiKey | CodeKey | CoverageKey;
type Catalog = UiCatalog & CodeCatalog & CoverageCatalog;

export const CATALOGS: Record<Locale, Catalog> = {
  en: { ...en, ...enCodes, ...enCoverage },
  es: { ...es, ...esCodes, ...esCoverage },
  ca: { ...ca, ...caCodes, ...caCoverage },
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

export class I18n {
  locale = $state<Locale>('en');
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache of Intl formatters keyed by locale; nothing renders from it
  #formatters = new Map<
    string,
    Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.Collator
  >();

  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- formatters by language tag; nothing renders from it
  #dateFormats = new Map<string, DateFormat>();

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

  /** The one date formatter (shared/date-format.ts) in the UI language: screens, PDFs and documents agree. */
  get #dates(): DateFormat {
    let f = this.#dateFormats.get(this.tag);
    if (!f) this.#dateFormats.set(this.tag, (f = new DateFormat(this.tag)));
    return f;
  }

  /** A calendar date "YYYY-MM-DD" in the chosen style, with its year when not this year; anything else as it came. */
  date = (iso: string | null | undefined, style: DateStyle = 'medium'): string => this.#dates.date(iso, style);

  /** From one calendar date to another ("20 Nov – 27 Nov 2027"), each with its year when not this year. */
  dateRange = (from: string | null | undefined, to: string | null | undefined, style: DateStyle = 'dayMonth'): string =>
    this.#dates.dateRange(from, to, style);

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

  /** An instant (ISO string, "YYYY-MM-DD HH:MM:SS" or ms) as local date and time, with its year when not this year. */
  dateTime = (at: string | number | null | undefined): string => this.#dates.dateTime(at);

  /** An instant's clock time, "10:42" ("10:42:05" with seconds). */
  clock = (at: string | number, seconds = false): string => this.#dates.time(at, seconds);

  /**
   * The one order of every sorted list of words (names, cities, owners): the person's language,
   * accents and case ignored ("Álvaro" with the A's), numbers by value ("Apartamento 7B" before "72").
   */
  compare = (a: string, b: string): number =>
    this.#cached('collate', () => new Intl.Collator(this.tag, { sensitivity: 'base', numeric: true })).compare(a, b);

  /**
   * A text written per language whose server shows one (a destination's name): the person's
   * language where this computer knows it (`texts`), the server's text otherwise.
   */
  written = (texts: Readonly<Record<string, string>> | null | undefined, shown: string): string =>
    textIn(this.locale, texts, shown);

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
   * A contract error in the UI language: the reason the app gives itself
   * (`reason`), else the code's words, with what the server itself said
   * ("The server said: …"). The main side's own sentence is English; it is
   * added only where it carries specifics nothing else does (a local check's
   * detail, an internal fault), never beside a server's answer.
   */
  error = (error: ContractError): string => {
    if (error.reason) return this.reason(error.reason);
    const text = this.t(`error.${error.code}`);
    if (error.server?.said) return `${text} ${this.t('error.serverSaid', { text: error.server.said })}`;
    const specific =
      error.code === 'invalid_input' ||
      error.code === 'bad_response' ||
      error.code === 'internal' ||
      error.code === 'local_data_refused';
    return specific && error.message && !error.server ? `${text} (${error.message})` : text;
  };

  /** A reason the app gives itself (shared/contract REASON_KEYS), in the UI language. */
  reason = (reason: Reason): string => this.t(`reason.${reason.key}`, reason.params);

  /** A name from the code catalogs (`bookingStatus`, `blockType`, `concept`, `extra`…) with a numbered fallback. */
  code = (table: 'bookingStatus' | 'blockType' | 'documentType' | 'customerType' | 'concept' | 'extra', id: number) => {
    const key = `${table}.${id}`;
    if (key in CATALOGS.en) return this.t(key as MessageKey);
    const other = `${table}.other`;
    return other in CATALOGS.en ? this.t(other as MessageKey, { n: id }) : `#${id}`;
  };
}
