import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { KeychainCredentialStore, MemoryCredentialStore, explainKeychainError, type Keychain } from './store';

const REAL = process.env['STAYBOARD_KEYRING'] === 'available';
const SKIP_REASON = 'no Secret Service in this environment (npm test starts one; STAYBOARD_KEYRING != available)';
const service = `stayboard-test-${process.pid}-${Date.now()}`;
const account = { baseUrl: 'https://api.example.test/', user: 'reception@host' };

describe('KeychainCredentialStore with a real Secret Service', () => {
  const store = new KeychainCredentialStore({ service });
  afterAll(async () => {
    if (REAL) for (const a of await store.accounts()) await store.forget(a);
  });

  it.skipIf(!REAL)(
    `saves, loads, lists and forgets per account${REAL ? '' : ` (skipped: ${SKIP_REASON})`}`,
    async () => {
      expect(await store.status()).toEqual({ available: true, message: null });
      expect(await store.save(account, 'pä$$:word')).toBe('keychain');
      const other = { baseUrl: 'https://api.example.test', user: 'cleaning' };
      await store.save(other, 'other');
      // A fresh store (a new app start) finds them in the keychain.
      const fresh = new KeychainCredentialStore({ service });
      expect(await fresh.load(account)).toBe('pä$$:word');
      expect(await fresh.load(other)).toBe('other');
      expect((await fresh.accounts()).map((a) => a.user).sort()).toEqual(['cleaning', 'reception@host']);
      await fresh.forget(account);
      expect(await store.load(account)).toBeNull();
      expect(await store.load(other)).toBe('other');
    },
  );
});

if (!REAL) {
  describe('real keychain', () => {
    // Reported as skipped (with the reason) only outside `npm test`, which provides a private gnome-keyring.
    it.skip(`is not tested here: ${SKIP_REASON}`, () => undefined);
  });
}

describe('KeychainCredentialStore without a usable keychain', () => {
  it('says why in plain words and keeps the password in memory for the session (no session bus)', () => {
    const child = fileURLToPath(new URL('./testing/no-keychain-child.ts', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/stayboard-bus' };
    delete env['DISPLAY'];
    const r = spawnSync(process.execPath, ['--import', 'tsx', child], { env, encoding: 'utf8', timeout: 20_000 });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as {
      status: { available: boolean; message: string };
      where: string;
      loaded: string | null;
      accounts: { user: string }[];
      afterForget: string | null;
    };
    expect(out.status.available).toBe(false);
    expect(out.status.message).toMatch(/No desktop session is running/);
    expect(out.status.message).toMatch(/this session only/);
    expect(out.where).toBe('memory');
    expect(out.loaded).toBe('s3cret');
    expect(out.accounts.map((a) => a.user)).toEqual(['reception']);
    expect(out.afterForget).toBeNull();
  });

  it('translates each known keychain failure', () => {
    expect(explainKeychainError(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'))).toMatch(
      /No desktop session/,
    );
    expect(
      explainKeychainError(new Error('The name org.freedesktop.secrets was not provided by any .service files')),
    ).toMatch(/No keychain service is installed/);
    expect(
      explainKeychainError(new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”')),
    ).toMatch(/login keyring has not been created or unlocked/);
    expect(explainKeychainError(new Error('Cannot create an item in a locked collection'))).toMatch(
      /keychain is locked/,
    );
    expect(explainKeychainError(new Error('something new'))).toMatch(/cannot be used \(something new\)/);
  });

  it('falls back to memory when the keychain fails after a good start (locked meanwhile)', async () => {
    let locked = false;
    const saved = new Map<string, string>();
    const fake: Keychain = {
      setPassword: (_s, a, p) =>
        locked
          ? Promise.reject(new Error('Cannot create an item in a locked collection'))
          : Promise.resolve(void saved.set(a, p)),
      getPassword: (_s, a) => Promise.resolve(saved.get(a) ?? null),
      deletePassword: (_s, a) => Promise.resolve(saved.delete(a)),
      findCredentials: () => Promise.resolve([...saved].map(([account, password]) => ({ account, password }))),
    };
    const store = new KeychainCredentialStore({ service, keychain: () => Promise.resolve(fake) });
    expect(await store.save(account, 'one')).toBe('keychain');
    locked = true;
    expect(await store.save({ ...account, user: 'two' }, 'two')).toBe('memory');
    expect((await store.status()).message).toMatch(/locked/);
    expect(await store.load({ ...account, user: 'two' })).toBe('two');
  });

  it('gives up on a keychain that never answers', async () => {
    const hang: Keychain = {
      setPassword: () => new Promise(() => undefined),
      getPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined),
      findCredentials: () => new Promise(() => undefined),
    };
    const store = new KeychainCredentialStore({ service, keychain: () => Promise.resolve(hang), timeoutMs: 50 });
    expect(await store.save(account, 'x')).toBe('memory');
    expect((await store.status()).message).toMatch(/did not answer in time/);
  });
});

describe('MemoryCredentialStore', () => {
  it('keeps passwords for the session only', async () => {
    const m = new MemoryCredentialStore('demo workspace');
    await m.save(account, 'pw');
    expect(await m.load(account)).toBe('pw');
    expect(await new MemoryCredentialStore().load(account)).toBeNull();
  });
});
