// The app:// protocol the renderer is served from (never file://): a
// standard, secure scheme whose handler reads only files inside the built
// renderer folder and adds the CSP and security headers to every answer.
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME, securityHeaders } from './security';
import { readStatic } from './static-files';

/** Must run before `app.whenReady()`: makes app:// behave like https (origin, fetch, secure context). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
    },
  ]);
}

/** The request handler: only GET/HEAD of existing files under `root` on host `stayboard`. */
export function createAppProtocolHandler(root: string, csp: string) {
  const headers = securityHeaders(csp);
  const refuse = (status: number, text: string) =>
    new Response(text, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  return async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refuse(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse(404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed');
    const file = await readStatic(root, url.pathname);
    if (!file) return refuse(404, 'Not found');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
      status: 200,
      headers: { ...headers, 'Content-Type': file.type, 'Cache-Control': 'no-cache' },
    });
  };
}

/** Installs the handler (after ready). */
export function installAppProtocol(protocol: Pick<Protocol, 'handle'>, root: string, csp: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(root, csp));
}
