// Run by store.test.ts in a child process whose environment has no usable
// session bus: prints what the store reports and whether the session-only
// fallback keeps the password. Not used by the app.
import { KeychainCredentialStore } from '../store';

const store = new KeychainCredentialStore({ service: `stayboard-test-${process.pid}` });
const account = { baseUrl: 'https://api.example.test', user: 'reception' };
const status = await store.status();
const where = await store.save(account, 's3cret');
const loaded = await store.load(account);
const accounts = await store.accounts();
await store.forget(account);
const afterForget = await store.load(account);
process.stdout.write(JSON.stringify({ status, where, loaded, accounts, afterForget }));
