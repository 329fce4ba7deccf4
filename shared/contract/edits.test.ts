// The edit commands are listed once (commands/edits.ts): the list holds every
// command that answers with an outbox receipt, and nothing else.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS, EDIT_NAMES, editReceipt, isEditName } from './index';
import { COMMAND_EXAMPLES } from './testing/examples';

const answersReceipts = (name: (typeof COMMAND_NAMES)[number]) => {
  const out = COMMAND_EXAMPLES[name].output;
  const receipts = Array.isArray(out) ? out : [out];
  return receipts.length > 0 && receipts.every((r) => editReceipt.safeParse(r).success);
};

describe('EDIT_NAMES', () => {
  it('is exactly the commands whose answer is an outbox receipt', () => {
    expect(COMMAND_NAMES.filter(answersReceipts).sort()).toEqual([...EDIT_NAMES].sort());
  });

  it('names only contract commands, each once', () => {
    expect(new Set(EDIT_NAMES).size).toBe(EDIT_NAMES.length);
    for (const name of EDIT_NAMES) expect(COMMANDS[name]).toBeDefined();
    expect(isEditName('cleaning.update')).toBe(true);
    expect(isEditName('outbox.retry')).toBe(false);
    expect(isEditName(42)).toBe(false);
  });
});
