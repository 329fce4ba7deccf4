// The words of a change's fate (../shared/ARCHITECTURE.md, beside the
// repository: words of their own, never a business word) in the UI
// languages, each fate's words side by side: one
// table for the screens (renderer/src/i18n/*.ts) and the documents
// (electron/documents/words*.ts: the CSV exports say each change's fate as the
// screens do), which may not import each other.
const FATES = {
  pending: { en: 'Waiting to send', es: 'Por enviar', ca: 'Per enviar' },
  sending: { en: 'Sending', es: 'Enviando', ca: 'S’està enviant' },
  confirmed: { en: 'Sent', es: 'Enviado', ca: 'Enviat' },
  rejected: { en: 'Not accepted', es: 'No aceptado', ca: 'No acceptat' },
  conflict: { en: 'Conflict', es: 'Conflicto', ca: 'Conflicte' },
  unknown: { en: 'Checking', es: 'Comprobando', ca: 'Comprovant' },
} as const;

type Language = 'en' | 'es' | 'ca';
/** One language's words, keyed as the word tables key them (`outbox.pending`…). */
type ChangeWords = Record<`outbox.${keyof typeof FATES}`, string>;

function changeWordsIn(language: Language): ChangeWords {
  return Object.fromEntries(
    Object.entries(FATES).map(([fate, words]) => [`outbox.${fate}`, words[language]]),
  ) as ChangeWords;
}

export const CHANGE_WORDS: Record<Language, ChangeWords> = {
  en: changeWordsIn('en'),
  es: changeWordsIn('es'),
  ca: changeWordsIn('ca'),
};
