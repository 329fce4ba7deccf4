// The app's log: leveled lines to a file (and stderr when asked), with every
// message and data object passed through `redact()` first, so tokens,
// passwords, card and document numbers, emails and phone numbers never reach
// the disk. Plain Node (no electron import): the web host and the engine use it too.
import { createWriteStream, mkdirSync, openSync, renameSync, statSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Keys whose values are secrets or personal data wherever they appear (case-insensitive, `_`/`-` ignored). */
const SECRET_KEYS = new Set(
  [
    'password',
    'passwd',
    'pass',
    'token',
    'accesstoken',
    'refreshtoken',
    'secret',
    'authorization',
    'cookie',
    'apikey',
    'cardnumber',
    'cardcvv',
    'cvv',
    'cardexpiration',
    'cardholder',
    'numberid',
    'documentnumber',
    'wifipassword',
    'openingcode',
    'email',
    'phone',
    'fiscalphone',
    'datebirth',
    'dateofbirth',
    'birthdate',
  ].map((k) => k),
);
const normaliseKey = (k: string) => k.toLowerCase().replace(/[_-]/g, '');
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normaliseKey(key));
}

const R = '[redacted]';
const STRING_RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // Authorization header values
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, (_m, scheme) => `${scheme} ${R}`],
  // user:password@ in URLs
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]*@/gi, (_m, scheme) => `${scheme}${R}@`],
  // secrets in query strings or key=value text
  [
    /\b(password|passwd|pass|token|access_token|refresh_token|secret|api_key|apikey|card_number|card_cvv|number_id|document_number|opening_code)=([^&\s"']+)/gi,
    (_m, key) => `${key}=${R}`,
  ],
  // "key": "value" in JSON text
  [
    /"(password|passwd|token|access_token|secret|authorization|card_number|card_cvv|card_expiration|cardholder|number_id|document_number|wifi_password|opening_code|email|phone|date_birth|birth_date)"\s*:\s*"(?:[^"\\]|\\.)*"/gi,
    (_m, key) => `"${key}":"${R}"`,
  ],
  // emails
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Spanish DNI / NIE and similar document numbers (8 digits + letter, X/Y/Z + 7 digits + letter)
  [/\b[XYZxyz]?\d{7,8}[A-Za-z]\b/g, '[document]'],
  // passports and other documents: 1–3 letters followed by 6–9 digits
  [/\b[A-Za-z]{1,3}\d{6,9}\b/g, '[document]'],
  // card-like digit runs (12–19 digits, optionally grouped)
  [/\b(?:\d[ -]?){11,18}\d\b/g, '[number]'],
  // international phone numbers
  [/\+\d[\d ()-]{7,}\d/g, '[phone]'],
];

/** Removes secrets and personal data from a line of text. */
export function redact(text: string): string {
  let out = text;
  for (const [re, replacement] of STRING_RULES) {
    out = typeof replacement === 'string' ? out.replace(re, replacement) : out.replace(re, replacement);
  }
  return out;
}

/** Deep copy of a value with secret keys blanked and every string redacted. Cycles and depth are bounded. */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[cycle]';
  if (depth > 6) return '[…]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: redact(value.message) };
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) ? R : redactValue(v, depth + 1, seen);
  return out;
}

export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
  /** A logger that prefixes its lines with `[scope]`. */
  child(scope: string): Logger;
}

export interface LogSink {
  write(line: string): void;
  close(): Promise<void>;
}

export interface LoggerOptions {
  level?: LogLevel;
  sinks: LogSink[];
  scope?: string;
  now?: () => Date;
}

export function createLogger(options: LoggerOptions): Logger {
  const min = LEVELS[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const make = (scope: string | undefined): Logger => {
    const emit = (level: LogLevel, message: string, data?: unknown) => {
      if (LEVELS[level] < min) return;
      let line = `${now().toISOString()} ${level.toUpperCase().padEnd(5)} ${scope ? `[${scope}] ` : ''}${redact(message)}`;
      if (data !== undefined) {
        let json: string;
        try {
          json = JSON.stringify(redactValue(data));
        } catch {
          json = '"[unserialisable]"';
        }
        line += ` ${json}`;
      }
      for (const sink of options.sinks) sink.write(`${line}\n`);
    };
    return {
      debug: (m, d) => emit('debug', m, d),
      info: (m, d) => emit('info', m, d),
      warn: (m, d) => emit('warn', m, d),
      error: (m, d) => emit('error', m, d),
      child: (s) => make(scope ? `${scope}:${s}` : s),
    };
  };
  return make(options.scope);
}

const MAX_LOG_BYTES = 5 * 1024 * 1024;

/**
 * Appends to `file` (mode 0600), rotating by size WHILE running: when the
 * file would pass `maxBytes` (5 MB), it is moved to `file.1` (replacing the
 * previous one) and a new file is started, so the log holds at most about
 * twice that, however long the app runs and whatever floods it.
 */
export function fileSink(file: string, options: { maxBytes?: number } = {}): LogSink {
  const maxBytes = options.maxBytes ?? MAX_LOG_BYTES;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // no file yet
  }
  // The file is opened NOW (a stream given the path opens it later — after a rotation, the new file):
  // lines handed to a stream always land in the file it was opened on.
  const open = (): WriteStream => {
    let s: WriteStream;
    try {
      s = createWriteStream('', { fd: openSync(file, 'a', 0o600) });
    } catch {
      s = createWriteStream(file, { flags: 'a', mode: 0o600 }); // fails again, quietly (below): best effort
    }
    // A full disk must not crash the app: the log is best effort.
    s.on('error', () => undefined);
    return s;
  };
  const rotate = () => {
    try {
      renameSync(file, `${file}.1`);
    } catch {
      // nothing to move (the file was removed meanwhile): start afresh all the same
    }
    size = 0;
  };
  if (size > maxBytes) rotate();
  let stream = open();
  return {
    write: (line) => {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) {
        // Lines already handed to the old stream still land in it: after the rename it writes to file.1.
        stream.end();
        rotate();
        stream = open();
      }
      size += bytes;
      stream.write(line);
    },
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}

/**
 * Refusals (a foreign page's WebSocket, a frame without the right origin…)
 * counted and summarised rather than written one line per attempt: the first
 * refusal of a kind in a window is written with its details, the rest of that
 * window are counted, and the count is written once ("refused … 4,999 more
 * times") when the window is over — at the next refusal, or `flush()` (the
 * host calls it on a timer and at close). A flood adds a few lines, not one per attempt.
 */
export class RefusalLog {
  private readonly windows = new Map<string, { since: number; more: number }>();

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  refused(what: string, data?: unknown): void {
    const at = this.now();
    const w = this.windows.get(what);
    if (w && at - w.since < this.windowMs) {
      w.more++;
      return;
    }
    if (w) this.summarise(what, w);
    this.windows.set(what, { since: at, more: 0 });
    this.log.warn(`refused ${what}`, data);
  }

  /** Writes the counts of windows that are over (all of them with `all`, at close). */
  flush(all = false): void {
    const at = this.now();
    for (const [what, w] of this.windows)
      if (all || at - w.since >= this.windowMs) {
        this.summarise(what, w);
        this.windows.delete(what);
      }
  }

  private summarise(what: string, w: { since: number; more: number }): void {
    if (w.more > 0)
      this.log.warn(
        `refused ${what} ${w.more} more time${w.more === 1 ? '' : 's'} since ${new Date(w.since).toISOString()}`,
      );
  }
}

export function stderrSink(): LogSink {
  return { write: (line) => void process.stderr.write(line), close: () => Promise.resolve() };
}

/** Collects lines in memory (tests, and the web host's diagnostics). */
export function memorySink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line), close: () => Promise.resolve() };
}

/** A logger that drops everything (default for code that was given none). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};
