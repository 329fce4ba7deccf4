// The accounts used here, on disk: survive a restart, keep no password, are
// readable only by the person (0600), offer servers most recent first, and a
// damaged file starts empty instead of breaking the start.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalAccounts } from './local-accounts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-local-'));
  dirs.push(dir);
  return join(dir, 'accounts.json');
}

describe('accounts used on this computer', () => {
  it('keep the last account, the offline check and the servers across a restart, never the password', async () => {
    const path = file();
    const a = new LocalAccounts(path);
    await a.signedIn({ baseUrl: 'https://one.example', user: 'ana' }, 'pw-one');
    await a.signedIn({ baseUrl: 'https://two.example', user: 'bob' }, 'pw-two');
    await a.signedIn({ baseUrl: 'https://one.example', user: 'ana' }, 'pw-new');

    const b = new LocalAccounts(path);
    expect(b.last()).toEqual({ baseUrl: 'https://one.example', user: 'ana' });
    expect(b.servers()).toEqual(['https://one.example', 'https://two.example']);
    expect(b.accounts().map((x) => x.user)).toEqual(['ana', 'bob']);
    expect(await b.verify({ baseUrl: 'https://one.example', user: 'ana' }, 'pw-new')).toBe(true);
    expect(await b.verify({ baseUrl: 'https://one.example', user: 'ana' }, 'pw-one')).toBe(false);
    expect(await b.verify({ baseUrl: 'https://one.example', user: 'eve' }, 'pw-new')).toBeNull();

    const text = readFileSync(path, 'utf8');
    for (const pw of ['pw-one', 'pw-two', 'pw-new']) expect(text).not.toContain(pw);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('forgetting an account drops it and its check; its server stays offered', async () => {
    const a = new LocalAccounts(file());
    await a.signedIn({ baseUrl: 'https://one.example', user: 'ana' }, 'pw');
    a.forget({ baseUrl: 'https://one.example', user: 'ana' });
    expect(a.accounts()).toEqual([]);
    expect(a.last()).toBeNull();
    expect(a.servers()).toEqual(['https://one.example']);
  });

  it('starts empty from a damaged file', () => {
    const path = file();
    writeFileSync(path, '{"last": 3, "accounts": "nope"');
    const a = new LocalAccounts(path);
    expect([a.last(), a.accounts(), a.servers()]).toEqual([null, [], []]);
  });
});
