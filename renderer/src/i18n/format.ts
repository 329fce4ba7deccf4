// A tiny message formatter for the catalogs: `{name}` placeholders and
// `{count, plural, one {# change} other {# changes}}` (with `=0 {…}` exact
// cases; `#` is the count formatted for the locale), enough for the UI
// without a runtime dependency. Unknown or missing
// parameters are left visible as `{name}` so a bug shows instead of vanishing.

export type Params = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
function rules(locale: string): Intl.PluralRules {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

/** Index of the `}` closing the `{` at `open`, honouring nesting; -1 if unbalanced. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Parses `one {…} other {…}` into a map of selector → body. */
function cases(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open === -1) break;
    const key = body.slice(i, open).trim();
    const close = closing(body, open);
    if (close === -1) break;
    out.set(key, body.slice(open + 1, close));
    i = close + 1;
  }
  return out;
}

function plural(value: number, body: string, locale: string, params: Params, numberFormat: (n: number) => string) {
  const options = cases(body);
  const chosen = options.get(`=${value}`) ?? options.get(rules(locale).select(value)) ?? options.get('other') ?? '';
  return format(chosen, params, locale, numberFormat).replaceAll('#', numberFormat(value));
}

/** Formats one catalog message with its parameters for a locale. */
export function format(
  message: string,
  params: Params | undefined,
  locale: string,
  numberFormat: (n: number) => string = String,
): string {
  if (!message.includes('{')) return message;
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open === -1) {
      out += message.slice(i);
      break;
    }
    out += message.slice(i, open);
    const close = closing(message, open);
    if (close === -1) {
      out += message.slice(open);
      break;
    }
    const inner = message.slice(open + 1, close);
    const comma = inner.indexOf(',');
    const name = (comma === -1 ? inner : inner.slice(0, comma)).trim();
    const value = params?.[name];
    if (
      comma !== -1 &&
      inner
        .slice(comma + 1)
        .trimStart()
        .startsWith('plural,') &&
      typeof value === 'number'
    ) {
      const body = inner.slice(inner.indexOf('plural,') + 'plural,'.length);
      out += plural(value, body, locale, params ?? {}, numberFormat);
    } else if (value !== undefined && comma === -1) {
      // Plain placeholders print numbers as they are: they are often ids (booking 101262, not 101,262).
      // Counts are grouped where it matters: in plural messages, through `#`.
      out += String(value);
    } else {
      out += `{${inner}}`;
    }
    i = close + 1;
  }
  return out;
}

/** The placeholder names a message uses (to check translations use the same ones). */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  // Plural case bodies (`one {…}`) are text, not placeholders: open them up first.
  const flat = message.replace(/(?:=\d+|zero|one|two|few|many|other)\s*\{/g, '(');
  for (const m of flat.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*(?:,|\})/g)) names.add(m[1]!);
  return [...names].sort();
}
