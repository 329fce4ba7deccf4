// Names of the identity document types (DOCUMENT_TYPES ids in people.ts) in
// the UI languages, keyed as the word tables key them: one table for the
// screens (renderer/src/i18n/codes-*.ts) and the printed registration papers
// (electron/documents/words*.ts), which may not import each other.
const en = {
  'documentType.1': 'Passport (Spain)',
  'documentType.2': 'Identity document (Spain)',
  'documentType.3': 'Driving licence',
  'documentType.4': 'Residence permit',
  'documentType.5': 'Passport',
  'documentType.6': 'Identity document',
  'documentType.7': 'Foreign residence permit',
} as const;

type DocumentTypeWords = Record<keyof typeof en, string>;

export const DOCUMENT_TYPE_WORDS: { en: typeof en; es: DocumentTypeWords; ca: DocumentTypeWords } = {
  en,
  es: {
    'documentType.1': 'Pasaporte (España)',
    'documentType.2': 'DNI (España)',
    'documentType.3': 'Permiso de conducir',
    'documentType.4': 'Permiso de residencia',
    'documentType.5': 'Pasaporte',
    'documentType.6': 'Documento de identidad',
    'documentType.7': 'Permiso de residencia de extranjero',
  },
  ca: {
    'documentType.1': 'Passaport (Espanya)',
    'documentType.2': 'DNI (Espanya)',
    'documentType.3': 'Permís de conduir',
    'documentType.4': 'Permís de residència',
    'documentType.5': 'Passaport',
    'documentType.6': 'Document d’identitat',
    'documentType.7': 'Permís de residència d’estranger',
  },
};
