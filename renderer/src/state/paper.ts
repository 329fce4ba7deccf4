// Saving a file the main process made (a day sheet or registration PDF, a CSV export): one
// mechanism for both hosts — the bytes become a Blob and an <a download> is
// clicked, which the browser (web host) and Electron (the shell's session)
// both treat as a download. Answers the error to show, or null when saved.
import type { CommandInput, ContractError, Locale, PaperFile, StayboardBridge } from '../../../shared/contract';
import { callThen } from './call';

export function saveFile(file: PaperFile, doc: Document = document): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  doc.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; give the browser a moment before dropping the URL.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A command input without its `locale` (the UI's is added), kept apart per variant of a union. */
export type WithoutLocale<T> = T extends unknown ? Omit<T, 'locale'> : never;

export type PaperCommand =
  'documents.daySheet' | 'documents.exportCsv' | 'documents.registration' | 'documents.ownerStatement';

/** Asks the main process for the file and saves it. */
export function fetchAndSave<N extends PaperCommand>(
  bridge: StayboardBridge,
  name: N,
  input: CommandInput<N>,
): Promise<ContractError | null> {
  return callThen(bridge, name, input, saveFile);
}

/** A paper command's input in the UI language. */
export function withLocale<N extends PaperCommand>(
  input: WithoutLocale<CommandInput<N>>,
  locale: Locale,
): CommandInput<N> {
  return { ...input, locale } as CommandInput<N>;
}
