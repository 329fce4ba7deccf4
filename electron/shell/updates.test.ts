// App updates with a fake electron-updater (no Electron binary here): the feed
// comes from one place and must be https; a found update downloads and is
// "ready" but installs only when asked, and never over unsent changes unless
// the person says "install anyway"; never on quit by itself; failures say so.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../shared/contract';
import { silentLogger } from '../log/log';
import { UpdateController, updateFeed, type UpdaterLike } from './updates';

/** The bits of electron-updater's AppUpdater the controller uses, recording what it is asked. */
class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  feeds: unknown[] = [];
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** What the next check does: find a version (and download it), find none, or fail. */
  next: { found: string } | 'none' | Error = 'none';

  setFeedURL(options: unknown): void {
    this.feeds.push(options);
  }
  checkForUpdates(): Promise<null> {
    this.checks++;
    this.emit('checking-for-update');
    const next = this.next;
    if (next instanceof Error) return Promise.reject(next);
    if (next === 'none') this.emit('update-not-available', { version: '1.0.0' });
    else {
      this.emit('update-available', { version: next.found });
      this.emit('download-progress', { percent: 42.4 });
      this.emit('update-downloaded', { version: next.found });
    }
    return Promise.resolve(null);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

function setup(
  unsent = 0,
  env: Record<string, string> = { STAYBOARD_UPDATE_URL: 'https://updates.example.com/stayboard/' },
) {
  const fake = new FakeUpdater();
  const seen: UpdateState[] = [];
  const state = { unsent };
  const updater: UpdaterLike = fake;
  const controller = new UpdateController({
    updater,
    feed: updateFeed(env, true),
    unsent: () => state.unsent,
    log: silentLogger,
    now: () => new Date('2026-05-04T09:30:00Z'),
    onChange: (s) => seen.push(s),
  });
  return { fake, controller, seen, state };
}

/** Version 1.2.0 found and downloaded, ready to install, with `unsent` changes waiting. */
async function ready(unsent = 0) {
  const rig = setup(unsent);
  rig.fake.next = { found: '1.2.0' };
  await rig.controller.check();
  return rig;
}

describe('the update feed', () => {
  it('comes from STAYBOARD_UPDATE_URL (https), else the packaged app’s own, else none', () => {
    expect(updateFeed({ STAYBOARD_UPDATE_URL: 'https://u.example.com/s/' }, true)).toEqual({
      kind: 'url',
      url: 'https://u.example.com/s',
    });
    expect(updateFeed({}, true)).toEqual({ kind: 'builtIn' });
    expect(updateFeed({}, false)).toEqual({ kind: 'none' });
    expect(updateFeed({ STAYBOARD_UPDATE_URL: 'http://u.example.com/s' }, true)).toMatchObject({ kind: 'none' });
    expect(updateFeed({ STAYBOARD_UPDATE_URL: 'http://127.0.0.1:8080/s' }, false)).toMatchObject({ kind: 'url' });
  });

  it('is set on the updater, which downloads by itself but never installs on quit', () => {
    const { fake } = setup();
    expect(fake.feeds).toEqual([{ provider: 'generic', url: 'https://updates.example.com/stayboard' }]);
    expect(fake.autoDownload).toBe(true);
    expect(fake.autoInstallOnAppQuit).toBe(false);
  });

  it('without a feed, updates are unavailable and nothing is asked of the updater', async () => {
    const { fake, controller } = setup(0, {});
    const dev = new UpdateController({
      updater: fake,
      feed: updateFeed({}, false),
      unsent: () => 0,
      log: silentLogger,
    });
    expect(dev.state).toMatchObject({ kind: 'unavailable', reason: 'noFeed' });
    expect(await dev.check()).toMatchObject({ kind: 'unavailable' });
    expect(dev.install({ force: true })).toEqual({ kind: 'notReady' });
    expect(controller.state.kind).toBe('idle');
  });
});

describe('checking and installing', () => {
  it('no update: up to date, with the time of the check', async () => {
    const { controller, fake } = setup();
    expect(await controller.check()).toMatchObject({ kind: 'upToDate', checkedAt: '2026-05-04T09:30:00.000Z' });
    expect(fake.checks).toBe(1);
    expect(controller.install({ force: true })).toEqual({ kind: 'notReady' });
    expect(fake.installs).toEqual([]);
  });

  it('an update found is downloaded, then ready; the header hears each step', async () => {
    const { controller, fake, seen } = setup();
    fake.next = { found: '1.2.0' };
    expect(await controller.check()).toMatchObject({ kind: 'ready', version: '1.2.0', percent: 100 });
    expect(seen.map((s) => s.kind)).toEqual(['checking', 'checking', 'downloading', 'downloading', 'ready']);
    expect(seen[3]).toMatchObject({ percent: 42 });
    // Ready stays ready: checking again does not download it again.
    await controller.check();
    expect(fake.checks).toBe(1);
  });

  it('with nothing unsent, install restarts into the update', async () => {
    const { controller, fake } = await ready();
    expect(controller.install({ force: false })).toEqual({ kind: 'installing' });
    expect(fake.installs).toEqual([[false, true]]);
  });

  it('with unsent changes, install says how many and does nothing until the person says install anyway', async () => {
    const { controller, fake, state } = await ready(3);
    expect(controller.install({ force: false })).toEqual({ kind: 'unsent', count: 3 });
    expect(fake.installs).toEqual([]);
    // Once they are sent, it goes without asking.
    state.unsent = 0;
    expect(controller.install({ force: false })).toEqual({ kind: 'installing' });
    expect(fake.installs).toHaveLength(1);
  });

  it('"install anyway" installs with changes unsent (they stay on this computer and go after the restart)', async () => {
    const { controller, fake } = await ready(2);
    expect(controller.install({ force: true })).toEqual({ kind: 'installing' });
    expect(fake.installs).toHaveLength(1);
  });

  it('a failed check or a refused download (bad signature or sha512) is failed, with the reason, and nothing installs', async () => {
    const { controller, fake } = setup();
    fake.next = new Error('net::ERR_INTERNET_DISCONNECTED');
    expect(await controller.check()).toMatchObject({ kind: 'failed', message: 'net::ERR_INTERNET_DISCONNECTED' });
    fake.next = 'none';
    expect(await controller.check()).toMatchObject({ kind: 'upToDate', message: null });
    fake.emit('error', new Error('sha512 checksum mismatch'));
    expect(controller.state).toMatchObject({ kind: 'failed', message: 'sha512 checksum mismatch' });
    expect(controller.install({ force: true })).toEqual({ kind: 'notReady' });
    expect(fake.installs).toEqual([]);
  });
});
