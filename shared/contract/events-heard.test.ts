// Every push event of the table is listened to by the renderer (an event
// nobody hears is removed from the table instead), under its contract name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from './push-events';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'testing' ? [] : sources(path);
    return /\.(ts|svelte)$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('push events', () => {
  it('each one is heard by the renderer', () => {
    const renderer = sources(join(import.meta.dirname, '../../renderer/src')).join('\n');
    const unheard = EVENT_NAMES.filter((name) => !renderer.includes(`.on('${name}'`));
    expect(unheard).toEqual([]);
  });
});
