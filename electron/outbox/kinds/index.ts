// The registry of the kinds of record the outbox edits: one line per kind.
// The compiler checks it: every entry is a complete KindSpec of its own kind,
// and every edit command of the contract belongs to exactly one kind.
import type { EditName, EditCommand, KindName, KindSpec } from './spec';
import { blocks } from './blocks';
import { bookings } from './bookings';
import { cleaning } from './cleaning';
import { customers } from './customers';
import { guests } from './guests';
import { incidents } from './incidents';
import { maintenance } from './maintenance';
import { messages } from './messages';

const REGISTRY = {
  cleaning,
  maintenance,
  incidents,
  bookings,
  guests,
  customers,
  messages,
  blocks,
};

/** What the outbox edits. `messages` live in threads (contract resource `threads`). */
export type Kind = keyof typeof REGISTRY;
export const KIND_SPECS: { readonly [K in Kind]: KindSpec<K> } = REGISTRY;
export const KINDS = Object.keys(KIND_SPECS) as Kind[];

// The written-out names refs use are exactly the registered kinds.
const namesMatch: [Kind, KindName] extends [KindName, Kind] ? true : never = true;
void namesMatch;

// Every edit command of the contract is some kind's (the compiler fails on a command no kind takes).
type CommandsOf<K extends Kind> = keyof (typeof REGISTRY)[K]['commands'];
type Taken = { [K in Kind]: CommandsOf<K> }[Kind];
const everyCommandTaken: [Exclude<EditName, Taken>] extends [never] ? true : Exclude<EditName, Taken> = true;
void everyCommandTaken;

/** The kind and what it does, per edit command. */
export const COMMANDS = Object.fromEntries(
  KINDS.flatMap((kind) =>
    Object.entries(KIND_SPECS[kind].commands).map(([name, command]) => [name, { kind, command }]),
  ),
) as Record<EditName, { kind: Kind; command: EditCommand }>;

export type { EditName, FieldCodec, KindSpec, ServerVersion, Collection } from './spec';
