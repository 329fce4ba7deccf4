// Signing in asks for the server address (offering the ones used here),
// says plainly what went wrong, opens an account used here offline with its
// password, and the demo is one click away.
import { fireEvent, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge, settle } from '../testing/fake-bridge';
import { renderScreen } from '../testing/render-screen';
import SignIn from './SignIn.svelte';

const signedOut = {
  state: 'signedOut' as const,
  account: null,
  remembered: false,
  keychain: { available: false, message: 'No Secret Service.' },
};

const none = { 'session.get': () => signedOut, 'session.accounts': () => [], 'session.servers': () => [] };
const ana = { baseUrl: 'https://pms.example.com', environment: 'custom' as const, user: 'ana' };

const setup = (bridge = fakeBridge(none)) =>
  renderScreen(SignIn, { bridge, prepare: (app) => void app.session.load() });

describe('Sign in', () => {
  it('checks the fields before sending anything', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(bridge.callsOf('session.signIn')).toEqual([]);
  });

  it('says when the credentials are wrong, and clears the password', async () => {
    const bridge = fakeBridge({
      ...none,
      'session.servers': () => ['https://pms.example.com', 'http://old.example'],
      'session.signIn': () => ({ ok: false, error: { code: 'wrong_credentials', message: 'refused' } }),
    });
    setup(bridge);
    await settle();
    // The most recent server address is filled in; the others are offered.
    expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('https://pms.example.com');
    expect([...document.querySelectorAll('#known-servers option')].map((o) => o.getAttribute('value'))).toEqual([
      'https://pms.example.com',
      'http://old.example',
    ]);
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByTestId('sign-in-error').textContent?.trim()).toBe('The user name or password is not right.');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(bridge.callsOf('session.signIn')[0]).toEqual({
      baseUrl: 'https://pms.example.com',
      user: 'ana',
      password: 'bad',
      remember: false,
    });
  });

  it('a wrong address (nothing answers there) is said as such, never as a record missing here', async () => {
    const bridge = fakeBridge({
      ...none,
      'session.servers': () => ['https://pms.example.com/wrong'],
      'session.signIn': () => ({ ok: false, error: { code: 'not_found', message: 'HTTP 404' } }),
    });
    setup(bridge);
    await settle();
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    const said = screen.getByTestId('sign-in-error').textContent ?? '';
    expect(said).toContain('Nothing answers as a PMS at this address');
    expect(said).not.toMatch(/local data|record/i);
  });

  it('checks the address, and when the server cannot be reached offers the data kept here', async () => {
    const bridge = fakeBridge({
      ...none,
      'session.accounts': () => [{ ...ana, offline: true }],
      'session.signIn': () => ({ ok: false, error: { code: 'unreachable', message: 'ECONNREFUSED' } }),
      'session.unlock': () => ({ ...signedOut, state: 'signedIn', account: ana }),
    });
    const { app } = setup(bridge);
    await settle();
    await fireEvent.input(screen.getByLabelText('Server address'), { target: { value: 'ftp://x' } });
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an address starting with https:// or http://')).toBeTruthy();
    await fireEvent.input(screen.getByLabelText('Server address'), {
      target: { value: 'https://pms.example.com/api/v1/' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByTestId('sign-in-error').textContent).toContain('could not be reached');
    await fireEvent.click(screen.getByRole('button', { name: 'Open with the data on this computer' }));
    await settle();
    expect(bridge.callsOf('session.unlock')).toEqual([
      { baseUrl: 'https://pms.example.com', user: 'ana', password: 'pw' },
    ]);
    expect(app.session.phase).toBe('signedIn');
  });

  it('when the server fails with its own error, says so in the UI language and still offers the data kept here', async () => {
    const bridge = fakeBridge({
      ...none,
      'session.accounts': () => [{ ...ana, offline: true }],
      'session.signIn': () => ({
        ok: false,
        error: { code: 'server_error', message: 'The server had an internal error. (503)' },
      }),
    });
    setup(bridge);
    await settle();
    await fireEvent.input(screen.getByLabelText('Server address'), { target: { value: 'https://pms.example.com' } });
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    const error = screen.getByTestId('sign-in-error').textContent ?? '';
    expect(error).toContain('The server reported a failure of its own.');
    expect(error).not.toContain('cannot use');
    expect(screen.getByRole('button', { name: 'Open with the data on this computer' })).toBeTruthy();
  });

  it('a locked start asks only for the password of the last account, and refuses a wrong one', async () => {
    let tries = 0;
    const bridge = fakeBridge({
      ...none,
      'session.get': () => ({ ...signedOut, state: 'locked', account: ana }),
      'session.unlock': () =>
        ++tries === 1
          ? { ok: false, error: { code: 'wrong_credentials', message: 'no' } }
          : { ...signedOut, state: 'signedIn', account: ana },
    });
    const { app } = setup(bridge);
    await settle();
    expect(screen.getByRole('heading', { name: 'Open your data' })).toBeTruthy();
    expect(screen.getByTestId('unlock-user').textContent).toBe('ana');
    expect(screen.queryByLabelText('Server address')).toBeNull();
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await settle();
    expect(screen.getByTestId('unlock-error').textContent).toContain('not the password of this account');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'good' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await settle();
    expect(bridge.callsOf('session.unlock')[1]).toEqual({ baseUrl: ana.baseUrl, user: 'ana', password: 'good' });
    expect(app.session.phase).toBe('signedIn');
  });

  it('offers "Open offline" for an account used here, and the full form for another', async () => {
    setup(fakeBridge({ ...none, 'session.accounts': () => [{ ...ana, offline: true }] }));
    await settle();
    await fireEvent.click(
      screen.getByRole('button', { name: 'Open ana at https://pms.example.com with the data on this computer' }),
    );
    expect(screen.getByTestId('unlock-user').textContent).toBe('ana');
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in online, or with another account' }));
    expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('https://pms.example.com');
  });

  it('explains that without a keychain nothing is remembered', async () => {
    setup();
    await settle();
    expect(screen.getByTestId('no-keychain').textContent).toContain('asked for your password each time');
    expect(screen.getByTestId('no-keychain').getAttribute('title')).toBe('No Secret Service.');
    expect(screen.getByLabelText<HTMLInputElement>(/Remember me/).disabled).toBe(true);
  });

  it('opens the demo', async () => {
    const { bridge, app } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Open the demo' }));
    await settle();
    expect(bridge.callsOf('session.openDemo')).toHaveLength(1);
    expect(app.session.phase).toBe('signedIn');
  });
});

describe('a plain-http server on another computer (issue 27, case 6)', () => {
  it('warns plainly and signs in only when the person chooses to', async () => {
    const bridge = fakeBridge({
      ...none,
      'session.signIn': (input) =>
        input.allowPlainHttp
          ? COMMAND_EXAMPLES['session.signIn'].output
          : { ok: false, error: { code: 'insecure_server', message: 'pms.example.com is plain http' } },
    });
    setup(bridge);
    await settle();
    await fireEvent.input(screen.getByLabelText('Server address'), { target: { value: 'http://pms.example.com' } });
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    const warning = screen.getByTestId('plain-http');
    expect(warning.textContent).toContain('This connection is not encrypted');
    expect(warning.textContent).toContain('http://pms.example.com starts with http://, not https://');
    expect(bridge.callsOf('session.signIn')).toHaveLength(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in without encryption' }));
    await settle();
    expect(bridge.callsOf('session.signIn')[1]).toMatchObject({
      baseUrl: 'http://pms.example.com',
      allowPlainHttp: true,
    });
  });
});
