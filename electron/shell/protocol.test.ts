// The app:// protocol: only files of the built renderer, never a step outside it.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppProtocolHandler, installAppProtocol, registerAppScheme } from './protocol';
import { contentSecurityPolicy } from './security';
import { resolveStaticPath } from './static-files';

function renderer() {
  const base = mkdtempSync(join(tmpdir(), 'stayboard-app-'));
  const root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'index.js'), 'export {}');
  writeFileSync(join(root, '.secret'), 'x');
  writeFileSync(join(base, 'outside.txt'), 'outside');
  return { root, base };
}

const get = (handler: (r: Request) => Promise<Response>, url: string, method = 'GET') =>
  handler(new Request(url, { method }));

describe('app:// protocol', () => {
  it('registers a standard, secure scheme before ready', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged });
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
      },
    ]);
    const handle = vi.fn();
    installAppProtocol({ handle }, '/r', 'csp');
    expect(handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('serves the renderer with the CSP and nosniff', async () => {
    const { root } = renderer();
    const handler = createAppProtocolHandler(root, contentSecurityPolicy());
    const index = await get(handler, 'app://stayboard/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toBe('<!doctype html>');
    const js = await get(handler, 'app://stayboard/assets/index.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses path traversal in every spelling', async () => {
    const { root } = renderer();
    const handler = createAppProtocolHandler(root, 'csp');
    for (const url of [
      'app://stayboard/../outside.txt',
      'app://stayboard/%2e%2e/outside.txt',
      'app://stayboard/assets/%2E%2E/%2E%2E/outside.txt',
      'app://stayboard/..%2foutside.txt',
      'app://stayboard/assets/..%5c..%5coutside.txt',
      'app://stayboard/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://stayboard/index.html%00.js',
      'app://stayboard/%E0%A4%A',
    ])
      expect((await get(handler, url)).status, url).toBe(404);
  });

  it('refuses hidden files, unknown paths, directories, other hosts and other methods', async () => {
    const { root } = renderer();
    const handler = createAppProtocolHandler(root, 'csp');
    expect((await get(handler, 'app://stayboard/.secret')).status).toBe(404);
    expect((await get(handler, 'app://stayboard/nope.html')).status).toBe(404);
    expect((await get(handler, 'app://stayboard/assets')).status).toBe(404);
    expect((await get(handler, 'app://other/index.html')).status).toBe(404);
    expect((await get(handler, 'app://stayboard/index.html', 'POST')).status).toBe(405);
  });

  it('does not follow a link out of the root', async () => {
    const { root, base } = renderer();
    symlinkSync(join(base, 'outside.txt'), join(root, 'link.txt'));
    expect((await get(createAppProtocolHandler(root, 'csp'), 'app://stayboard/link.txt')).status).toBe(404);
    expect(resolveStaticPath(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/../outside.txt')).toBeNull();
    expect(resolveStaticPath(root, '/a\\b')).toBeNull();
  });
});
