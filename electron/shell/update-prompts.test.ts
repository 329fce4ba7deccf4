// The menu's update check and the question before installing over unsent
// changes, with the message box faked: the person's answer decides.
import { describe, expect, it } from 'vitest';
import type { InstallAnswer, UpdateState } from '../../shared/contract';
import type { UpdatesPort } from '../services/platform';
import { checkFromMenu, installWithConsent, type Prompt } from './update-prompts';

function port(state: Partial<UpdateState>, unsent: number) {
  const installs: boolean[] = [];
  const full: UpdateState = {
    kind: 'idle',
    reason: null,
    version: null,
    percent: null,
    checkedAt: null,
    message: null,
    ...state,
  };
  const updates: UpdatesPort = {
    state: full,
    check: () => Promise.resolve(full),
    install: ({ force }): InstallAnswer => {
      if (full.kind !== 'ready') return { kind: 'notReady' };
      if (unsent > 0 && !force) return { kind: 'unsent', count: unsent };
      installs.push(force);
      return { kind: 'installing' };
    },
  };
  return { updates, installs };
}

function answering(...choices: number[]) {
  const asked: Prompt[] = [];
  return {
    asked,
    ask: (p: Prompt) => {
      asked.push(p);
      return Promise.resolve(choices.shift() ?? p.buttons.length - 1);
    },
  };
}

describe('installing over unsent changes', () => {
  it('asks "N changes not sent yet — install anyway?" and waits when the person says wait', async () => {
    const { updates, installs } = port({ kind: 'ready', version: '1.2.0' }, 3);
    const { ask, asked } = answering(0);
    expect(await installWithConsent(updates, ask)).toEqual({ kind: 'unsent', count: 3 });
    expect(asked[0]!.message).toBe('3 changes not sent yet — install anyway?');
    expect(installs).toEqual([]);
  });
  it('installs when the person says install anyway', async () => {
    const { updates, installs } = port({ kind: 'ready', version: '1.2.0' }, 1);
    const { ask, asked } = answering(1);
    expect(await installWithConsent(updates, ask)).toEqual({ kind: 'installing' });
    expect(asked[0]!.message).toBe('1 change not sent yet — install anyway?');
    expect(installs).toEqual([true]);
  });
  it('asks nothing when everything is sent', async () => {
    const { updates, installs } = port({ kind: 'ready', version: '1.2.0' }, 0);
    const { ask, asked } = answering();
    expect(await installWithConsent(updates, ask)).toEqual({ kind: 'installing' });
    expect(asked).toEqual([]);
    expect(installs).toEqual([false]);
  });
});

describe('Check for Updates… in the menu', () => {
  it('says the app is up to date', async () => {
    const { ask, asked } = answering();
    await checkFromMenu(port({ kind: 'upToDate' }, 0).updates, ask, '1.0.0');
    expect(asked.map((p) => p.message)).toEqual(['Stayboard 1.0.0 is the latest version.']);
  });
  it('says why it could not check', async () => {
    const { ask, asked } = answering();
    await checkFromMenu(port({ kind: 'failed', message: 'net::ERR_NAME_NOT_RESOLVED' }, 0).updates, ask, '1.0.0');
    expect(asked[0]).toMatchObject({ message: 'Could not check for updates.', detail: 'net::ERR_NAME_NOT_RESOLVED' });
  });
  it('offers to restart into a ready update, then asks about unsent changes', async () => {
    const { updates, installs } = port({ kind: 'ready', version: '1.2.0' }, 2);
    const { ask, asked } = answering(0, 1);
    await checkFromMenu(updates, ask, '1.0.0');
    expect(asked.map((p) => p.message)).toEqual([
      'Stayboard 1.2.0 is ready to install.',
      '2 changes not sent yet — install anyway?',
    ]);
    expect(installs).toEqual([true]);
  });
  it('"Later" installs nothing', async () => {
    const { updates, installs } = port({ kind: 'ready', version: '1.2.0' }, 0);
    const { ask } = answering(1);
    await checkFromMenu(updates, ask, '1.0.0');
    expect(installs).toEqual([]);
  });
});
