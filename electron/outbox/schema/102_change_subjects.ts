// What a change is about is stored as data, no longer as an English label:
// `subject` holds the record's name, booking, listing, owner, rate and days
// (shared/contract/subject.ts) and the renderer words it in the person's
// language. The label an earlier build wrote is dropped; the rows it wrote
// get their subject (and their errors' structure) from upgrade.ts the first
// time this build opens the outbox — from the cache, the payload and the
// context, never from the English text.
export const CHANGE_SUBJECTS_V1 = `
ALTER TABLE outbox ADD COLUMN subject TEXT;
ALTER TABLE outbox DROP COLUMN label;
`;
