// Multilingual texts (listing descriptions, photo titles): written as a
// language object, read back as one plain string (shared/api F.langText). A
// sent text is confirmed when the string read back equals one of the
// languages sent — and the form says which language the server shows.

/** The language whose text the server shows back, or null when the read string matches none sent. */
export function languageShown(sent: Readonly<Record<string, string>>, read: string): string | null {
  const norm = (s: string) => s.replace(/\r\n/g, '\n').trim();
  const r = norm(read);
  for (const [lang, text] of Object.entries(sent)) if (norm(text) === r) return lang;
  return null;
}

/**
 * The text a record shows for what I wrote, until the server says which
 * language it shows back (spec-silent: the simulator and the business show
 * Spanish first, then English, then Catalan, then whatever was written).
 */
export const SHOWN_FIRST = ['es', 'en', 'ca'] as const;
export function shownGuess(texts: Readonly<Record<string, string>>): string {
  for (const lang of SHOWN_FIRST) if (texts[lang]) return texts[lang];
  return Object.values(texts).find((t) => t !== '') ?? '';
}

/**
 * A text in one language: what was written in `lang` on this computer when known (`texts`, a
 * record's `…_texts`), else the server's one string (`shown`). The renderer and the documents
 * show a destination's name this way in the person's language.
 */
export function textIn(
  lang: string,
  texts: Readonly<Record<string, string>> | null | undefined,
  shown: string,
): string {
  const mine = texts?.[lang]?.trim();
  return mine ? mine : shown;
}
