// The intranet-user writes that carry a password, as foreground writes
// (foreground.ts): a new user — read back by user name when the answer was
// lost, and put in the local list the way sync keeps it (password scrubbed) —
// and a new password for a user. The password is only ever in the request
// body: never stored, queued, logged or remembered after the call.
import type { z } from 'zod';
import type { Admin, adminCreate } from '../../shared/api';
import type { ApiClient } from '../api/client';
import type { Incoming } from '../cache/write';
import { FOREGROUND_CALL, type ForegroundWriter } from './foreground';

export type NewAdmin = z.output<typeof adminCreate>;

export interface AdminWrites {
  /**
   * `found`: the answer was lost but the user is on the server; `unknown`: it was lost and the server
   * could not be read back (the next attempt reads back first). `admin`: as the server has it, if read.
   */
  create(admin: NewAdmin): Promise<{ outcome: 'created' | 'found' | 'unknown'; admin: Admin | null }>;
  /** `unknown`: the answer was lost; a password cannot be read back, so it may or may not be set. */
  setPassword(id: number, password: string): Promise<{ outcome: 'set' | 'unknown' }>;
}

/** The server's user with this name (following the list's pages), or null. */
async function userNamed(client: ApiClient, username: string): Promise<Incoming<Admin> | null> {
  let page = await client.list('admins.list', FOREGROUND_CALL);
  for (;;) {
    const hit = page.items.find((i) => i.value.username === username);
    if (hit) return hit;
    if (!page.next) return null;
    page = await client.listNext('admins.list', page.next, FOREGROUND_CALL);
  }
}

/** `store` keeps server records in the cache (as sync does) and tells the screens. */
export function adminWrites(writer: ForegroundWriter, store: (items: Incoming<Admin>[]) => void): AdminWrites {
  return {
    async create(admin) {
      const find = async (client: ApiClient) => {
        const hit = await userNamed(client, admin.username);
        if (hit) store([hit]);
        return hit;
      };
      const r = await writer.write(
        {
          key: `admins.create:${admin.username}`,
          send: async (client) => {
            await client.write('admins.create', { ...FOREGROUND_CALL, body: admin });
          },
          find,
        },
        'Creating an intranet user',
      );
      if (r.outcome === 'found') return { outcome: 'found', admin: r.found.value };
      if (r.outcome === 'unknown') return { outcome: 'unknown', admin: null };
      // Created: read it back for the list (its id); a failed read leaves it to the next sync.
      return { outcome: 'created', admin: await readBackQuietly(writer, find) };
    },
    async setPassword(id, password) {
      const r = await writer.write(
        {
          key: `admins.setPassword:${id}`,
          send: async (client) => {
            await client.write('admins.update', { ...FOREGROUND_CALL, id, body: { password } });
          },
        },
        'Setting a password',
      );
      return { outcome: r.outcome === 'done' ? 'set' : 'unknown' };
    },
  };
}

async function readBackQuietly(
  writer: ForegroundWriter,
  find: (client: ApiClient) => Promise<Incoming<Admin> | null>,
): Promise<Admin | null> {
  try {
    return (await writer.read(find))?.value ?? null;
  } catch {
    return null;
  }
}
