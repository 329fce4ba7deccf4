// Handlers of the paper commands: the day sheet and registration PDFs and the CSV exports, made
// from the account's local cache (they work offline) and answered as a file
// in base64. Neither logs what it wrote.
import { daySheet } from '../documents/day-sheet';
import { exportList } from '../documents/exports';
import { registrationDocument } from '../documents/registration';
import type { MadeFile } from '../documents/file';
import { ownerStatementCsv, ownerStatementPdf } from '../documents/owner-statement';
import { CommandError } from '../../shared/contract';
import * as q from '../cache/queries';
import { cacheOf } from './reads';
import type { HandlerTable } from './types';

const answer = (file: MadeFile) => ({
  filename: file.filename,
  mime: file.mime,
  base64: Buffer.from(file.bytes).toString('base64'),
});

export const documentHandlers: HandlerTable<
  'documents.daySheet' | 'documents.exportCsv' | 'documents.ownerStatement' | 'documents.registration'
> = {
  'documents.daySheet': async (i, ctx) => {
    const db = cacheOf(ctx);
    const destinationName =
      i.destination === undefined ? null : (q.listDestinations(db).find((d) => d.id === i.destination)?.name ?? null);
    return answer(await daySheet(db, i, { destinationName }));
  },
  'documents.registration': async (i, ctx) => {
    const file = await registrationDocument(cacheOf(ctx), i);
    if (!file) throw new CommandError('not_found', 'That booking is not in the local data.');
    return answer(file);
  },
  'documents.exportCsv': (i, ctx) => answer(exportList(cacheOf(ctx), i)),
  'documents.ownerStatement': async (i, ctx) => {
    const db = cacheOf(ctx);
    if (!q.getOwner(db, i.id))
      throw new CommandError('not_found', `Owner ${i.id} is not in the local data (it may not be synced yet).`);
    return answer(i.format === 'pdf' ? await ownerStatementPdf(db, i) : ownerStatementCsv(db, i));
  },
};
