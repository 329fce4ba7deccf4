// Handlers of the paper commands: the day sheet and registration PDFs and the CSV exports, made
// from the account's local cache (they work offline) and answered as a file
// in base64. Neither logs what it wrote. Each is made after a coverage check of
// its own input (electron/sync/coverage-answers.ts): what was never received
// whole makes the document "INCOMPLETE" and is named in it — whatever the
// renderer asked before (fetching it first is the renderer's `coverage.fetch`).
import { daySheet } from '../documents/day-sheet';
import { exportList } from '../documents/exports';
import { registrationDocument } from '../documents/registration';
import type { MadeFile } from '../documents/file';
import type { Received } from '../documents/incomplete';
import { ownerStatementCsv, ownerStatementPdf } from '../documents/owner-statement';
import { CommandError, type CommandArgs, type CoverageSubjectArgs } from '../../shared/contract';
import { textIn } from '../../shared/domain/lang-text';
import * as q from '../cache/queries';
import type { ServiceContext } from './context';
import { cacheOf } from './reads';
import type { HandlerTable } from './types';

const answer = (file: MadeFile) => ({
  filename: file.filename,
  mime: file.mime,
  base64: Buffer.from(file.bytes).toString('base64'),
});

/** What the coverage check says of this document's data (undefined where the engine has no check: test fakes). */
function received(ctx: ServiceContext, subject: CoverageSubjectArgs): Received | undefined {
  const c = ctx.workspace.engine().coverage?.check(subject);
  if (!c) return undefined;
  return { missing: c.complete ? [] : c.gaps, asOf: c.asOf === null ? null : Date.parse(c.asOf) };
}

type Doc<
  N extends 'documents.daySheet' | 'documents.registration' | 'documents.exportCsv' | 'documents.ownerStatement',
> = CommandArgs<N>;

export const documentHandlers: HandlerTable<
  'documents.daySheet' | 'documents.exportCsv' | 'documents.ownerStatement' | 'documents.registration'
> = {
  'documents.daySheet': async (i: Doc<'documents.daySheet'>, ctx) => {
    const db = cacheOf(ctx);
    // The destination as the sheet's language names it where this computer wrote that name.
    const d = i.destination === undefined ? undefined : q.getDestination(db, i.destination);
    const destinationName = d ? textIn(i.locale, d.name_texts, d.name) : null;
    const got = received(ctx, { of: 'documents.daySheet', input: i });
    return answer(await daySheet(db, { ...i, received: got }, { destinationName }));
  },
  'documents.registration': async (i: Doc<'documents.registration'>, ctx) => {
    const got = received(ctx, { of: 'documents.registration', input: i });
    const file = await registrationDocument(cacheOf(ctx), { ...i, received: got });
    if (!file) throw new CommandError('not_found', 'That booking is not in the local data.');
    return answer(file);
  },
  'documents.exportCsv': (i: Doc<'documents.exportCsv'>, ctx) =>
    answer(exportList(cacheOf(ctx), i, received(ctx, { of: 'documents.exportCsv', input: i }))),
  'documents.ownerStatement': async (i: Doc<'documents.ownerStatement'>, ctx) => {
    const db = cacheOf(ctx);
    if (!q.getOwner(db, i.id))
      throw new CommandError('not_found', `Owner ${i.id} is not in the local data (it may not be synced yet).`);
    const input = { ...i, received: received(ctx, { of: 'documents.ownerStatement', input: i }) };
    return answer(input.format === 'pdf' ? await ownerStatementPdf(db, input) : ownerStatementCsv(db, input));
  },
};
