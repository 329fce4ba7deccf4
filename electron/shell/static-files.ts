// Serving the built renderer (out/renderer) safely, for both the app://
// protocol and the web host: decode the path once, refuse traversal, hidden
// files, NULs and backslashes, stay inside the root, and answer with the right
// content type. Plain Node.
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` a URL path names, or null when the path is not
 * acceptable. `/` is index.html. Percent-encoding is decoded exactly once,
 * and `..`, `.hidden`, NUL and `\` are refused after decoding.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return null;
  const base = resolve(root);
  const full = resolve(base, segments.length ? segments.join('/') : 'index.html');
  if (!full.startsWith(base + sep)) return null;
  return full;
}

export interface StaticFile {
  body: Buffer;
  type: string;
}

/** Reads the file a URL path names, or null (bad path, missing, a directory, or a link leading outside the root). */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  const file = resolveStaticPath(root, urlPath);
  if (!file) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!realFile.startsWith(realRoot + sep)) return null;
    if (!(await stat(realFile)).isFile()) return null;
    return { body: await readFile(file), type: contentType(file) };
  } catch {
    return null;
  }
}
