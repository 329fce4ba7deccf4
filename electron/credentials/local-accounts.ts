// The accounts used on this computer, in one small JSON file of the data
// directory (the account's local settings; never SQLite): the last account to
// open at start (always remembered, with or without "Remember me"), each
// account's offline password check (a scrypt verifier, never the password),
// the server addresses signed in to, most recent first, and the plain-http
// servers the person chose to sign in to unencrypted. Written atomically
// (temp file + rename, mode 0600); read tolerantly (a damaged file is an empty
// list, and the log says so).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { silentLogger, type Logger } from '../log/log';
import { savePrivateJson } from './private-json';
import type { Account } from './store';
import { checkVerifier, makeVerifier, passwordVerifier } from './verifier';

/** How many server addresses are offered; older ones drop off. */
const MAX_SERVERS = 10;

const accountKeyShape = z.object({ baseUrl: z.string(), user: z.string() });
const fileShape = z.object({
  last: accountKeyShape.nullable().catch(null),
  servers: z.array(z.string()).catch([]),
  plainHttp: z.array(z.string()).catch([]),
  accounts: z
    .array(accountKeyShape.extend({ usedAt: z.string(), verifier: passwordVerifier.nullable().catch(null) }))
    .catch([]),
});
type LocalFile = z.output<typeof fileShape>;

export interface LocalAccount extends Account {
  /** Its password can be checked on this computer. */
  offline: boolean;
}

const originOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
};

const same = (a: Account, b: Account) => a.baseUrl === b.baseUrl && a.user === b.user;

export class LocalAccounts {
  private data: LocalFile;

  /** `file` null keeps everything in memory (tests, throwaway workspaces). */
  constructor(
    private readonly file: string | null,
    private readonly log: Logger = silentLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.data = this.load();
  }

  /** The account to open at the next start (null after a deliberate sign-out). */
  last(): Account | null {
    return this.data.last ? { ...this.data.last } : null;
  }

  setLast(account: Account | null): void {
    this.data.last = account ? { baseUrl: account.baseUrl, user: account.user } : null;
    this.save();
  }

  /** Accounts used here, most recent first. */
  accounts(): LocalAccount[] {
    return this.data.accounts.map((a) => ({ baseUrl: a.baseUrl, user: a.user, offline: a.verifier !== null }));
  }

  /** Server addresses signed in to, most recent first. */
  servers(): string[] {
    return [...this.data.servers];
  }

  /**
   * After a successful online sign-in: the account becomes the last one and
   * the most recent, its server the first offered, and its offline check is
   * made (again) from this password.
   */
  async signedIn(account: Account, password: string): Promise<void> {
    const verifier = await makeVerifier(password);
    const entry = {
      baseUrl: account.baseUrl,
      user: account.user,
      usedAt: new Date(this.now()).toISOString(),
      verifier,
    };
    this.data.accounts = [entry, ...this.data.accounts.filter((a) => !same(a, account))];
    this.data.servers = [account.baseUrl, ...this.data.servers.filter((s) => s !== account.baseUrl)].slice(
      0,
      MAX_SERVERS,
    );
    this.data.last = { baseUrl: account.baseUrl, user: account.user };
    this.save();
  }

  /** Checks a password offline: true / false, or null when this account has no offline check here. */
  async verify(account: Account, password: string): Promise<boolean | null> {
    const found = this.data.accounts.find((a) => same(a, account));
    if (!found?.verifier) return null;
    return checkVerifier(found.verifier, password);
  }

  /** The person chose to sign in to this plain-http server (its origin), remembered so they are asked once. */
  plainHttpChosen(baseUrl: string): boolean {
    return this.data.plainHttp.includes(originOf(baseUrl));
  }

  choosePlainHttp(baseUrl: string): void {
    const origin = originOf(baseUrl);
    if (this.data.plainHttp.includes(origin)) return;
    this.data.plainHttp = [...this.data.plainHttp, origin];
    this.save();
  }

  /** Forgets the account (its offline check too); its server address stays offered. */
  forget(account: Account): void {
    this.data.accounts = this.data.accounts.filter((a) => !same(a, account));
    if (this.data.last && same(this.data.last, account)) this.data.last = null;
    this.save();
  }

  private load(): LocalFile {
    const empty: LocalFile = { last: null, servers: [], accounts: [], plainHttp: [] };
    if (!this.file) return empty;
    try {
      const parsed = fileShape.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      if (parsed.success) return parsed.data;
      this.log.warn('the list of accounts used here is damaged; starting without it');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn('the list of accounts is unreadable', e);
    }
    return empty;
  }

  private save(): void {
    savePrivateJson(this.file, this.data, this.log, 'the list of accounts');
  }
}
