// Credentials behind one small interface: save, load, forget, per account
// (base URL + user name), in the OS keychain through keytar. When no keychain
// is usable (no session bus, no Secret Service, a keyring never unlocked or
// locked) the store says why in plain words and keeps credentials in this
// process's memory for the session only. Passwords never go to SQLite, logs,
// events or the renderer: nothing here returns them except load().

export interface Account {
  /** Base URL without /api/v1. */
  baseUrl: string;
  user: string;
}

export interface KeychainStatus {
  available: boolean;
  /** Why not, for a person (null when available). */
  message: string | null;
}

export interface CredentialStore {
  /** Checks the keychain once (cached); call again after `refresh: true` to re-check. */
  status(refresh?: boolean): Promise<KeychainStatus>;
  /** Where the password went: the keychain, or memory when no keychain is usable. */
  save(account: Account, password: string): Promise<'keychain' | 'memory'>;
  load(account: Account): Promise<string | null>;
  forget(account: Account): Promise<void>;
  /** Accounts with a saved password (no passwords). */
  accounts(): Promise<Account[]>;
}

/** The part of keytar we use (so tests and platforms without it can swap it). */
export interface Keychain {
  setPassword(service: string, account: string, password: string): Promise<void>;
  getPassword(service: string, account: string): Promise<string | null>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

const SESSION_ONLY = 'Your password is kept for this session only: you will be asked for it again next time.';

/** Known keychain failures → what a person can understand and do. */
const TRANSLATIONS: [RegExp, string][] = [
  [
    /Cannot autolaunch D-Bus without X11|Could not connect|DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket/i,
    'No desktop session is running (no D-Bus session bus), so the system keychain cannot be reached.',
  ],
  [
    /org\.freedesktop\.secrets was not provided|ServiceUnknown/i,
    'No keychain service is installed or running (install and start GNOME Keyring or KWallet).',
  ],
  [
    /Object does not exist at path .*collection\/login/i,
    'The login keyring has not been created or unlocked yet (open "Passwords and Keys" and unlock it).',
  ],
  [
    /locked collection|is locked|Cannot unlock/i,
    'The keychain is locked. Unlock it and sign in again to be remembered.',
  ],
  [/timed out/i, 'The keychain did not answer in time.'],
  [/Cannot find module|keytar/i, 'Keychain support is not available in this installation.'],
];

export function explainKeychainError(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  const found = TRANSLATIONS.find(([re]) => re.test(raw));
  return `${found ? found[1] : `The system keychain cannot be used (${raw.slice(0, 120)}).`} ${SESSION_ONLY}`;
}

function accountKey(a: Account): string {
  return JSON.stringify({ baseUrl: a.baseUrl.replace(/\/+$/, ''), user: a.user });
}

function parseAccountKey(s: string): Account | null {
  try {
    const v = JSON.parse(s) as Partial<Account>;
    return typeof v.baseUrl === 'string' && typeof v.user === 'string' ? { baseUrl: v.baseUrl, user: v.user } : null;
  } catch {
    return null;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('keychain timed out')), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** Loads keytar lazily: a missing native module must degrade, not crash the app. */
export async function loadKeytar(): Promise<Keychain> {
  const mod = (await import('keytar')) as { default?: Keychain } & Keychain;
  return mod.default ?? mod;
}

export class KeychainCredentialStore implements CredentialStore {
  private readonly memory = new Map<string, string>();
  private checked: KeychainStatus | null = null;
  private keychain: Keychain | null = null;

  constructor(
    private readonly options: {
      /** keytar service name (one per app; tests use their own). */
      service?: string;
      keychain?: () => Promise<Keychain>;
      timeoutMs?: number;
    } = {},
  ) {}

  private get service(): string {
    return this.options.service ?? 'Stayboard';
  }

  private async kc(): Promise<Keychain> {
    this.keychain ??= await (this.options.keychain ?? loadKeytar)();
    return this.keychain;
  }

  private call<T>(fn: (k: Keychain) => Promise<T>): Promise<T> {
    return withTimeout(this.kc().then(fn), this.options.timeoutMs ?? 5000);
  }

  private unusable(e: unknown): KeychainStatus {
    this.checked = { available: false, message: explainKeychainError(e) };
    return this.checked;
  }

  async status(refresh = false): Promise<KeychainStatus> {
    if (this.checked && !refresh) return this.checked;
    // A write is the only honest probe: reads succeed on a locked keyring.
    const probe = '__stayboard_probe__';
    try {
      await this.call((k) => k.setPassword(this.service, probe, 'ok'));
      await this.call((k) => k.deletePassword(this.service, probe));
      this.checked = { available: true, message: null };
    } catch (e) {
      this.unusable(e);
    }
    return this.checked!;
  }

  async save(account: Account, password: string): Promise<'keychain' | 'memory'> {
    const key = accountKey(account);
    if ((await this.status()).available) {
      try {
        await this.call((k) => k.setPassword(this.service, key, password));
        this.memory.delete(key);
        return 'keychain';
      } catch (e) {
        this.unusable(e);
      }
    }
    this.memory.set(key, password);
    return 'memory';
  }

  async load(account: Account): Promise<string | null> {
    const key = accountKey(account);
    const inMemory = this.memory.get(key);
    if (inMemory !== undefined) return inMemory;
    if (!(await this.status()).available) return null;
    try {
      return await this.call((k) => k.getPassword(this.service, key));
    } catch (e) {
      this.unusable(e);
      return null;
    }
  }

  async forget(account: Account): Promise<void> {
    const key = accountKey(account);
    this.memory.delete(key);
    if (!(await this.status()).available) return;
    try {
      await this.call((k) => k.deletePassword(this.service, key));
    } catch (e) {
      this.unusable(e);
    }
  }

  async accounts(): Promise<Account[]> {
    const keys = new Set(this.memory.keys());
    if ((await this.status()).available) {
      try {
        for (const c of await this.call((k) => k.findCredentials(this.service))) keys.add(c.account);
      } catch (e) {
        this.unusable(e);
      }
    }
    return [...keys].map(parseAccountKey).filter((a): a is Account => a !== null);
  }
}

/** Session-only store (the demo workspace, and `remember: false`). */
export class MemoryCredentialStore implements CredentialStore {
  private readonly memory = new Map<string, string>();
  constructor(private readonly why: string | null = null) {}
  status(): Promise<KeychainStatus> {
    return Promise.resolve({ available: false, message: this.why });
  }
  save(account: Account, password: string): Promise<'memory'> {
    this.memory.set(accountKey(account), password);
    return Promise.resolve('memory');
  }
  load(account: Account): Promise<string | null> {
    return Promise.resolve(this.memory.get(accountKey(account)) ?? null);
  }
  forget(account: Account): Promise<void> {
    this.memory.delete(accountKey(account));
    return Promise.resolve();
  }
  accounts(): Promise<Account[]> {
    return Promise.resolve([...this.memory.keys()].map(parseAccountKey).filter((a): a is Account => a !== null));
  }
}
