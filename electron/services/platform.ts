// Handlers of the platform commands — app updates and "Copy diagnostics" —
// and the port the shell fills in (Electron: electron-updater and its
// versions; the web host: no updates). The diagnostics are built here, the
// same for both hosts, from states that hold no personal data: versions, the
// session's state (never the user or the server's address), sync and
// connectivity, outbox counts, schema versions, budget, settings, and the
// last actions (names, ids, outcomes).
import { arch, release } from 'node:os';
import type { InstallAnswer, UpdateState } from '../../shared/contract';
import type { Breadcrumbs } from './breadcrumbs';
import type { ServiceContext } from './context';
import type { HandlerTable } from './types';

export interface UpdatesPort {
  readonly state: UpdateState;
  check(): Promise<UpdateState>;
  install(options: { force: boolean }): InstallAnswer;
}

export interface PlatformPort {
  updates: UpdatesPort;
  /** Runtime versions known to the host (electron, chrome, node…). */
  versions: Record<string, string | undefined>;
  host: 'electron' | 'web';
}

const NO_UPDATES: UpdateState = {
  kind: 'unavailable',
  reason: 'notDesktop',
  version: null,
  percent: null,
  checkedAt: null,
  message: null,
};

/** The web host's platform: a browser tab, nothing to install. */
export function webPlatform(): PlatformPort {
  return {
    host: 'web',
    versions: { node: process.versions.node },
    updates: {
      state: NO_UPDATES,
      check: () => Promise.resolve(NO_UPDATES),
      install: () => ({ kind: 'notReady' }),
    },
  };
}

/** Changes not yet sent in the open account (0 when none is open). */
export function unsentChanges(ctx: Pick<ServiceContext, 'workspace'>): number {
  try {
    return ctx.workspace.engine().outbox?.summary().unsent ?? 0;
  } catch {
    return 0;
  }
}

function schemaVersions(ctx: ServiceContext): string {
  try {
    const versions = ctx.workspace.engine().db.pluck<number>('SELECT version FROM schema_migrations ORDER BY version');
    const cache = versions.filter((v) => v < 100);
    const outbox = versions.filter((v) => v >= 100);
    return `cache ${cache.at(-1) ?? 'none'}, outbox ${outbox.at(-1) ?? 'none'}`;
  } catch {
    return 'no account open';
  }
}

/** The diagnostics report: plain text, one fact a line, nothing personal, nothing secret. */
export async function diagnosticsText(
  ctx: ServiceContext,
  platform: PlatformPort,
  breadcrumbs: Breadcrumbs,
  now = new Date(),
): Promise<string> {
  const v = platform.versions;
  const runtime = ['electron', 'chrome', 'node']
    .filter((k) => v[k])
    .map((k) => `${k} ${v[k]}`)
    .join(', ');
  const session = await ctx.workspace.info();
  const settings = ctx.settings.get();
  const lines = [
    `Stayboard ${ctx.app.version} diagnostics, ${now.toISOString()}`,
    `Host: ${platform.host}; ${runtime}; ${process.platform} ${release()} ${arch()}`,
    `Session: ${session.state}${session.account ? ` (${session.account.environment} server)` : ''}; keychain ${session.keychain.available ? 'available' : 'unavailable'}, remembered ${session.remembered ? 'yes' : 'no'}`,
    `Schema: ${schemaVersions(ctx)}`,
    `Settings: language ${settings.locale}, budget ${settings.budgetPerHour}/h, reserve ${settings.reservePercent}%, background sync ${settings.backgroundSync ? 'on' : 'off'}, horizon ${settings.horizonDays} days`,
    `Updates: ${platform.updates.state.kind}${platform.updates.state.version ? ` ${platform.updates.state.version}` : ''}`,
  ];
  try {
    const sync = ctx.workspace.engine().sync;
    if (sync) {
      const s = sync.status();
      const c = s.connectivity;
      const o = s.outbox;
      const b = s.budget;
      lines.push(
        `Connectivity: ${c.kind}${c.since ? ` since ${c.since}` : ''}${c.until ? ` until ${c.until}` : ''}; last answer ${c.lastAnswerAt ?? 'never'}`,
        `Sync: ${s.state}; last complete pass ${s.lastSuccessAt ?? 'never'}; newest data ${s.lastDataAt ?? 'never'}${s.stoppedFor ? `; stopped for ${s.stoppedFor}` : ''}${s.lastError ? `; last error ${String(s.lastError.code)} at ${s.lastErrorAt ?? '?'}` : ''}; ${s.quarantined} record(s) kept aside; ${s.freshness.filter((f) => f.stale).length} of ${s.freshness.length} scopes stale`,
        `Outbox: ${o.unsent} unsent (${o.pending} waiting, ${o.sending} sending, ${o.unknown} checking, ${o.rejected} not accepted, ${o.conflict} conflict), ${o.confirmed} sent and still listed${s.stall ? `; stalled (${s.stall.reason}) since ${s.stall.since} on entry ${s.stall.entryId} ${s.stall.operation}, ${s.stall.attempts} attempts` : ''}`,
        `Budget: ${b.used} of ${b.limit} used this hour, ${b.remaining} left, reserve ${b.reserve}, ${b.rateLimited} rate-limit answer(s)${b.throttledUntil ? `, throttled until ${b.throttledUntil}` : ''}`,
      );
    }
  } catch {
    lines.push('Sync: no account open');
  }
  const crumbs = breadcrumbs.lines();
  lines.push(`Last actions (${crumbs.length}):`, ...crumbs.map((l) => `  ${l}`));
  return lines.join('\n');
}

export const platformHandlers: HandlerTable<
  'updates.status' | 'updates.check' | 'updates.install' | 'app.diagnostics'
> = {
  'updates.status': (_i, ctx) => ctx.platform.updates.state,
  'updates.check': (_i, ctx) => ctx.platform.updates.check(),
  'updates.install': (i, ctx) => ctx.platform.updates.install({ force: i.force }),
  'app.diagnostics': async (_i, ctx) => ({ text: await diagnosticsText(ctx, ctx.platform, ctx.breadcrumbs) }),
};
