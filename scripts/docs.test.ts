// The docs stay true: every path and every code name a README (or another
// Markdown file of the repository) puts in backticks exists, and every Markdown
// file a source comment cites is there. A path is looked up from the README's
// folder and then each folder above it (a README may name `kinds/spec.ts` of its
// own folder or `shared/api` of the root); a path followed by names
// (`electron/services/engine-port.ts EDIT_COMMANDS`) must hold those names; a
// name alone (`sweepQueuedImages`, `KIND_SPECS`, `Outbox.enqueue`) must be a word
// of some source file, and a migration's name (`011_price_edits`) a migration's. Plain lowercase words (`pending`, `outbox`) are not
// checked: they are states, columns and words of the text as often as code.
// In the code, a doc comment stacked on another (the first then documents
// nothing) is drift too.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)));
const markdown = tracked.filter((f) => f.endsWith('.md'));
const SOURCE = /\.(ts|mts|svelte|mjs|js|cjs)$/;
const THIS = 'scripts/docs.test.ts'; // names stale names on purpose
const sources = tracked.filter((f) => SOURCE.test(f) && f !== THIS);
const basenames = new Set(tracked.map((f) => posix.basename(f)));
const sourceText = new Map(sources.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
const allSource = [...sourceText.values()].join('\n');

/** Files a README may name with their extension (runtime files such as `main.log` are not looked for). */
const PATH_EXT = /\.(ts|mts|svelte|mjs|js|cjs|md|json|css|html|yml|yaml|sql)$/;
/** A file named alone (`endpoints.ts`) is a source or doc of the repository, wherever it is. */
const BARE_EXT = /\.(ts|mts|svelte|mjs|js|cjs|md|css|html)$/;
const PATH = /^(\.\.?\/)?[\w@.-]+(\/[\w@.*-]+)*\/?$/;
/** A code name: camelCase with a capital inside, PascalCase, or CONSTANT_CASE; optionally Holder.member. */
const NAME =
  /^(?:[a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]?\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:\.[A-Za-z_]\w*)?(?:\(\))?$/;

/** A migration by its name (`011_price_edits`): its file is NNN_name.ts in a schema folder. */
const MIGRATION = /^\d{3}_[a-z0-9_]+$/;

function isPath(token: string): boolean {
  if (!PATH.test(token) || token.startsWith('/')) return false;
  if (!token.includes('/')) return BARE_EXT.test(token);
  return PATH_EXT.test(token) || (!/^\d/.test(token) && !token.includes('.'));
}

/** Outside the repository (`../shared/ARCHITECTURE.md`, the notes beside it) or a build output (`.bench/`): not looked for. */
function elsewhere(token: string, fromDir: string): boolean {
  if (posix.normalize(posix.join(fromDir, token)).startsWith('..')) return true;
  const ignored = spawnSync('git', ['check-ignore', '-q', posix.join(fromDir, token)], { cwd: root });
  return ignored.status === 0;
}

/** Where a path named in `fromDir` is: that folder, then each one above it. */
function locate(token: string, fromDir: string): string | null {
  const clean = token.replace(/\/$/, '');
  const globAt = clean.indexOf('*');
  for (let dir = fromDir; ; dir = posix.dirname(dir)) {
    const base = dir === '.' ? clean : posix.join(dir, clean);
    if (globAt === -1) {
      if (existsSync(join(root, base))) return base;
    } else {
      // `kinds/*.ts`: the folder exists and holds a file the pattern takes.
      const folder = posix.dirname(base);
      const glob = posix
        .basename(base)
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      const pattern = new RegExp(`^${glob}$`);
      const at = join(root, folder);
      if (existsSync(at) && statSync(at).isDirectory() && readdirSync(at).some((f) => pattern.test(f))) return folder;
    }
    if (dir === '.') return null;
  }
}

function holds(file: string, name: string): boolean {
  const at = join(root, file);
  const text = statSync(at).isDirectory()
    ? readdirSync(at)
        .filter((f) => SOURCE.test(f))
        .map((f) => readFileSync(join(at, f), 'utf8'))
        .join('\n')
    : readFileSync(at, 'utf8');
  return name.split('.').every((part) => new RegExp(`\\b${part.replace(/\$/g, '\\$')}\\b`).test(text));
}

const named = (name: string) =>
  allSource.includes(name) || name.split('.').every((part) => new RegExp(`\\b${part}\\b`).test(allSource));

/** The backticked spans of a Markdown text, outside fenced code blocks, with their line. */
function spans(text: string): { span: string; line: number }[] {
  const out: { span: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(/`([^`]+)`/g)) out.push({ span: m[1]!.trim(), line: i + 1 });
  });
  return out;
}

/** What a Markdown file names that is not there, one line per problem. */
const staleNames = (file: string) => staleNamesIn(file, readFileSync(join(root, file), 'utf8'));

function staleNamesIn(file: string, text: string): string[] {
  const dir = posix.dirname(file);
  const problems: string[] = [];
  for (const { span, line } of spans(text)) {
    const tokens = span.replace(/\(\)/g, '').split(/\s+/);
    const [first, ...rest] = tokens;
    if (tokens.length === 1 && MIGRATION.test(first!)) {
      if (!basenames.has(`${first}.ts`)) problems.push(`${file}:${line}: \`${span}\` is no migration`);
      continue;
    }
    if (tokens.length === 1 && NAME.test(first!)) {
      if (!named(first!)) problems.push(`${file}:${line}: \`${span}\` is no name in the code`);
      continue;
    }
    if (!isPath(first!) || elsewhere(first!, dir)) continue;
    if (!first!.includes('/')) {
      if (!basenames.has(first!)) problems.push(`${file}:${line}: \`${span}\`: no file ${first} in the repository`);
      continue;
    }
    const at = locate(first!, dir);
    if (!at) {
      problems.push(`${file}:${line}: \`${span}\`: no ${first} from ${dir}`);
      continue;
    }
    // The names after a path (`view.ts refreshView`, `kinds/guests.ts check`) are that file's.
    for (const name of rest.filter((t) => NAME.test(t) || /^[a-z]\w*$/.test(t))) {
      if (!holds(at, name)) problems.push(`${file}:${line}: \`${span}\`: ${at} has no ${name}`);
    }
  }
  return problems;
}

/** Markdown files a source comment cites (`README.md`, `ARCHITECTURE.md`) that are not in the repository. */
function citedMarkdown(): string[] {
  const problems: string[] = [];
  for (const [file, text] of sourceText) {
    for (const m of text.matchAll(/(?:\/\/|\/?\*|#).*?(?<![\w./-])([\w./-]*[A-Z][\w-]*\.md)\b/g)) {
      const cited = m[1]!;
      // A comment names paths from the repository's root; ../shared/ is the project's notes beside it.
      if (elsewhere(cited, '.')) continue;
      if (!locate(cited, posix.dirname(file)) && !basenames.has(posix.basename(cited)))
        problems.push(`${file}: cites ${cited}, which is not in the repository`);
    }
  }
  return problems;
}

describe('the docs', () => {
  it('are found', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'electron/outbox/README.md']));
    expect(sources.length).toBeGreaterThan(300);
  });

  it('name only paths and code names that exist', () => {
    expect(markdown.flatMap(staleNames)).toEqual([]);
  });

  it('notice a stale name', () => {
    // The check itself: names that are gone, a path that is gone, a name its file does not hold.
    expect(NAME.test('EDIT_COMMANDS')).toBe(true);
    expect(named('EDIT_COMMANDS')).toBe(false);
    expect(named('KIND_SPECS')).toBe(true);
    expect(locate('outbox/101_photo_blobs.ts', 'electron')).toBeNull();
    expect(locate('kinds/spec.ts', 'electron/outbox')).toBe('electron/outbox/kinds/spec.ts');
    expect(locate('shared/api', 'electron/outbox')).toBe('shared/api');
    expect(holds('electron/outbox/kinds/index.ts', 'KIND_SPECS')).toBe(true);
    expect(holds('electron/outbox/kinds/index.ts', 'NO_SUCH_NAME')).toBe(false);
    expect(staleNamesIn('x.md', 'Prices (migration `010_price_edits`), `EDIT_COMMANDS`, `outbox/schema.ts`')).toEqual([
      'x.md:1: `010_price_edits` is no migration',
      'x.md:1: `EDIT_COMMANDS` is no name in the code',
      'x.md:1: `outbox/schema.ts`: no outbox/schema.ts from .',
    ]);
  });

  it('cite only Markdown files that exist', () => {
    expect(citedMarkdown()).toEqual([]);
  });

  it('put one doc comment on a declaration (one stacked on another documents nothing)', () => {
    const stacked = [...sourceText].flatMap(([file, text]) =>
      [...text.matchAll(/\*\/\n[ \t]*\/\*\*/g)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`),
    );
    expect(stacked).toEqual([]);
  });
});
