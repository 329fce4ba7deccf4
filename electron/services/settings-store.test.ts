import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/contract';
import { SettingsStore } from './settings-store';

const file = () => join(mkdtempSync(join(tmpdir(), 'stayboard-settings-')), 'settings.json');

describe('settings store', () => {
  it('starts from the defaults and persists changes privately', () => {
    const f = file();
    const store = new SettingsStore(f);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.update({ locale: 'es', reservePercent: 30 });
    expect(new SettingsStore(f).get()).toMatchObject({ locale: 'es', reservePercent: 30 });
    expect(statSync(f).mode & 0o777).toBe(0o600);
  });

  it('tells listeners what changed, and nothing when nothing did', () => {
    const store = new SettingsStore(null);
    const seen: string[][] = [];
    store.onChange((_s, changed) => seen.push(changed));
    store.update({ locale: 'ca' });
    store.update({ locale: 'ca' });
    expect(seen).toEqual([['locale']]);
  });

  it('keeps good values from a partly broken file and ignores garbage', () => {
    const f = file();
    writeFileSync(f, JSON.stringify({ locale: 'es', budgetPerHour: -5, horizonDays: 'forever' }));
    expect(new SettingsStore(f).get()).toEqual({ ...DEFAULT_SETTINGS, locale: 'es' });
    writeFileSync(f, '{not json');
    expect(new SettingsStore(f).get()).toEqual(DEFAULT_SETTINGS);
    new SettingsStore(f).update({ backgroundSync: false });
    expect(JSON.parse(readFileSync(f, 'utf8'))).toMatchObject({ backgroundSync: false });
  });
});
