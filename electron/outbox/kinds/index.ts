// The registry of the kinds of record the outbox edits: one line per kind.
// The compiler checks it: every entry is a complete KindSpec of its own kind,
// and every edit command of the contract belongs to exactly one kind.
import type { Kind } from '../types';
import type { EditName, EditCommand, KindSpec } from './spec';
import { admins } from './admins';
import { blocks } from './blocks';
import { bookings } from './bookings';
import { cleaning } from './cleaning';
import { costs } from './costs';
import { customers } from './customers';
import { destinations } from './destinations';
import { guests } from './guests';
import { incidents } from './incidents';
import { listings } from './listings';
import { maintenance } from './maintenance';
import { messages } from './messages';
import { photos } from './photos';
import { prices } from './prices';
import { rates } from './rates';
import { owners } from './owners';

const REGISTRY = {
  cleaning,
  maintenance,
  incidents,
  bookings,
  guests,
  customers,
  messages,
  blocks,
  listings,
  photos,
  rates,
  prices,
  owners,
  costs,
  destinations,
  admins,
};

/** What the outbox edits. `messages` live in threads (contract resource `threads`). */
export type { Kind };
export const KIND_SPECS: { readonly [K in Kind]: KindSpec<K> } = REGISTRY;
export const KINDS = Object.keys(KIND_SPECS) as Kind[];

// The written-out names (types.ts) are exactly the registered kinds.
type Registered = keyof typeof REGISTRY;
const namesMatch: [Registered, Kind] extends [Kind, Registered] ? true : never = true;
void namesMatch;

// Every edit command of the contract is some kind's (the compiler fails on a command no kind takes).
type CommandsOf<K extends Registered> = keyof (typeof REGISTRY)[K]['commands'];
type Taken = { [K in Registered]: CommandsOf<K> }[Registered];
const everyCommandTaken: [Exclude<EditName, Taken>] extends [never] ? true : Exclude<EditName, Taken> = true;
void everyCommandTaken;

/** The kind and what it does, per edit command. */
export const COMMANDS = Object.fromEntries(
  KINDS.flatMap((kind) =>
    Object.entries(KIND_SPECS[kind].commands).map(([name, command]) => [name, { kind, command }]),
  ),
) as Record<EditName, { kind: Kind; command: EditCommand }>;

export type { EditName, FieldCodec, KindSpec, ServerVersion, Collection } from './spec';
