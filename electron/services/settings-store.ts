// The person's settings, kept as a small JSON file in the data directory.
// Written atomically (temp file + rename) so a crash never leaves half a file;
// read tolerantly (an unreadable or partly invalid file falls back to the
// defaults field by field, and says so in the log).
import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS, settingsShape, type Settings } from '../../shared/contract';
import { savePrivateJson } from '../credentials/private-json';
import { silentLogger, type Logger } from '../log/log';

export type SettingsListener = (settings: Settings, changed: (keyof Settings)[]) => void;

export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<SettingsListener>();

  /** `file` null keeps settings in memory only (tests, throwaway workspaces). */
  constructor(
    private readonly file: string | null,
    private readonly log: Logger = silentLogger,
  ) {
    this.current = this.load();
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Applies a validated partial update, persists it, and tells listeners what changed. */
  update(patch: Partial<Settings>): Settings {
    const next = settingsShape.parse({ ...this.current, ...patch });
    const changed = (Object.keys(next) as (keyof Settings)[]).filter((k) => next[k] !== this.current[k]);
    if (changed.length === 0) return this.get();
    this.current = next;
    this.save();
    for (const listener of [...this.listeners]) listener(this.get(), changed);
    return this.get();
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private load(): Settings {
    if (!this.file) return { ...DEFAULT_SETTINGS };
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn('settings file unreadable; using defaults', e);
      return { ...DEFAULT_SETTINGS };
    }
    const out: Settings = { ...DEFAULT_SETTINGS };
    if (raw && typeof raw === 'object') {
      // Field by field: one bad value (a hand edit, an older version) must not reset the others.
      for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
        const r = settingsShape.shape[key].safeParse((raw as Record<string, unknown>)[key]);
        if (r.success) (out as Record<string, unknown>)[key] = r.data;
        else if ((raw as Record<string, unknown>)[key] !== undefined) this.log.warn(`ignored invalid setting ${key}`);
      }
    }
    return out;
  }

  private save(): void {
    savePrivateJson(this.file, this.current, this.log, 'settings');
  }
}
