// A file made on the main side (a PDF, a CSV) before it is handed to the
// renderer: its name in the UI language, its type, its bytes.
export interface MadeFile {
  filename: string;
  mime: 'application/pdf' | 'text/csv;charset=utf-8';
  bytes: Uint8Array;
}
