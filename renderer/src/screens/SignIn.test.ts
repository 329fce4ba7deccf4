// Signing in says plainly what went wrong, and the demo is one click away.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { AppState } from '../app/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import SignIn from './SignIn.svelte';

const signedOut = {
  state: 'signedOut' as const,
  account: null,
  remembered: false,
  keychain: { available: false, message: 'No Secret Service.' },
};

function setup(bridge = fakeBridge({ 'session.get': () => signedOut, 'session.accounts': () => [] })) {
  const app = new AppState(bridge, null);
  void app.session.load();
  render(WithApp, { app, component: SignIn });
  return { bridge, app };
}

describe('Sign in', () => {
  it('checks the fields before sending anything', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(bridge.callsOf('session.signIn')).toEqual([]);
  });

  it('says when the credentials are wrong, and clears the password', async () => {
    const bridge = fakeBridge({
      'session.get': () => signedOut,
      'session.accounts': () => [],
      'session.signIn': () => ({ ok: false, error: { code: 'wrong_credentials', message: 'refused' } }),
    });
    setup(bridge);
    await settle();
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByTestId('sign-in-error').textContent).toBe('The user name or password is not right.');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(bridge.callsOf('session.signIn')[0]).toEqual({
      environment: 'production',
      user: 'ana',
      password: 'bad',
      remember: false,
    });
  });

  it('says when the server cannot be reached, for a custom address', async () => {
    const bridge = fakeBridge({
      'session.get': () => signedOut,
      'session.accounts': () => [],
      'session.signIn': () => ({ ok: false, error: { code: 'unreachable', message: 'ECONNREFUSED' } }),
    });
    setup(bridge);
    await settle();
    await fireEvent.click(screen.getByLabelText('Other address'));
    await fireEvent.input(screen.getByLabelText('Server address'), { target: { value: 'ftp://x' } });
    await fireEvent.input(screen.getByLabelText('User'), { target: { value: 'ana' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an address starting with https:// or http://')).toBeTruthy();
    await fireEvent.input(screen.getByLabelText('Server address'), { target: { value: 'https://pms.example.com' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByTestId('sign-in-error').textContent).toContain('could not be reached');
  });

  it('explains that without a keychain nothing is remembered', async () => {
    setup();
    await settle();
    expect(screen.getByTestId('no-keychain').textContent).toContain('session only');
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
