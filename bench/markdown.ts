// The README's performance table, made from a bench report (default: the
// committed bench/baseline.json) so the table in the README is the one a run
// produced, never retyped: `node --import tsx bench/markdown.ts [report.json]`.
// Prints the run's date, Node, load and length, every figure beside its
// baseline and goal, and the growth table of the sized suites.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './compare';
import { figure } from './stats';

const here = dirname(fileURLToPath(import.meta.url));

const fmt = figure;

/** 'YYYY-MM-DD HH:MM' of an ISO time. */
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** A markdown table; `|` inside a cell is escaped. */
function table(head: string[], body: string[][]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [head, head.map(() => '---'), ...body].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

export function markdown(report: BenchReport): string {
  const rows = report.rows.map((r) => [
    r.suite,
    r.what,
    // A figure not reached in the run (JSON keeps Infinity as null) reads as what the run says of it.
    typeof r.figure === 'number' && Number.isFinite(r.figure) ? `${fmt(r.figure)} ${r.unit}` : (r.spread ?? 'none'),
    r.baseline === undefined ? '' : `${fmt(r.baseline)}${r.baselineWhat ? ` (${r.baselineWhat})` : ''}`,
    r.goal,
    r.ok === undefined ? '–' : r.ok ? 'yes' : '**no**',
  ]);
  const missed = report.rows.filter((r) => r.ok === false).length;
  const judged = report.rows.filter((r) => r.ok !== undefined).length;
  const load = report.load ? `, load average ${report.load.join(' / ')}` : '';
  const out = [
    `From \`npm run bench${report.quick ? ' -- --quick' : ''}\` of ${report.at.slice(0, 16).replace('T', ' ')} UTC ` +
      `(Node ${report.node}, ${Math.round(report.seconds / 60)} min${load}): ${judged - missed} of ${judged} goals met.` +
      (report.earlier
        ? ` The rows of ${report.earlier.suites.join(', ')} are from ${
            report.earlier.until
              ? `the runs of ${when(report.earlier.at)} to ${when(report.earlier.until)}`
              : `the run of ${when(report.earlier.at)}`
          } UTC.`
        : ''),
    '',
    table(['suite', 'what', 'figure', 'baseline (same run)', 'goal', 'met'], rows),
  ];
  const growth = report.growth ?? [];
  if (growth.length) {
    const sizes = growth[0]!.listings;
    out.push(
      '',
      `How each cost grows with the business (${sizes.map((n) => n.toLocaleString('en-US')).join(' / ')} listings):`,
      '',
      table(
        ['figure', ...sizes.map((n) => `${n.toLocaleString('en-US')} listings`)],
        growth.map((g) => [
          `${g.id} (${g.unit})`,
          ...g.figures.map((f, i) => (f === null ? '' : `${fmt(f)}${i > 0 ? ` (×${fmt(g.ratios[i])})` : ''}`)),
        ]),
      ),
    );
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? join(here, 'baseline.json');
  console.log(markdown(JSON.parse(readFileSync(file, 'utf8')) as BenchReport));
}
