// What the menu's "Check for Updates…" says, and the one question asked
// before installing over unsent changes ("3 changes not sent yet — install
// anyway?"). Plain Node: the native message box comes in as `ask`, so the
// flow is tested without Electron. (The renderer asks the same question in
// its own words through `updates.install`; both end in the controller's rule.)
import type { InstallAnswer, UpdateState } from '../../shared/contract';
import type { UpdatesPort } from '../services/platform';

export interface Prompt {
  message: string;
  detail?: string;
  /** Button labels; the first is the default, the last cancels. */
  buttons: string[];
}
/** Shows a message box; answers the index of the button pressed. */
export type Ask = (prompt: Prompt) => Promise<number>;

/** Installs the ready update; with changes unsent, only if the person says so. */
export async function installWithConsent(updates: UpdatesPort, ask: Ask): Promise<InstallAnswer> {
  const first = updates.install({ force: false });
  if (first.kind !== 'unsent') return first;
  const n = first.count;
  const choice = await ask({
    message: `${n} ${n === 1 ? 'change' : 'changes'} not sent yet — install anyway?`,
    detail:
      'They are kept on this computer and sent after the restart. To be safe, wait until they are sent (the header shows the count) and install then.',
    buttons: ['Wait', 'Install anyway'],
  });
  return choice === 1 ? updates.install({ force: true }) : first;
}

function describeState(s: UpdateState, current: string): Prompt | null {
  switch (s.kind) {
    case 'upToDate':
    case 'idle':
      return { message: `Stayboard ${current} is the latest version.`, buttons: ['OK'] };
    case 'checking':
    case 'downloading':
      return {
        message: `Stayboard ${s.version ?? ''} is downloading.`.replace('  ', ' '),
        detail: 'You will be told when it is ready to install.',
        buttons: ['OK'],
      };
    case 'failed':
      return { message: 'Could not check for updates.', detail: s.message ?? undefined, buttons: ['OK'] };
    case 'unavailable':
      return {
        message: 'This copy of Stayboard does not update itself.',
        detail: 'No update address is set up (STAYBOARD_UPDATE_URL, or a packaged build).',
        buttons: ['OK'],
      };
    case 'ready':
      return null;
  }
}

/** The menu's "Check for Updates…": checks, says what it found, offers to restart into a ready update. */
export async function checkFromMenu(updates: UpdatesPort, ask: Ask, currentVersion: string): Promise<void> {
  const s = await updates.check();
  const said = describeState(s, currentVersion);
  if (said) {
    await ask(said);
    return;
  }
  const choice = await ask({
    message: `Stayboard ${s.version ?? ''} is ready to install.`.replace('  ', ' '),
    detail: 'Stayboard restarts to install it.',
    buttons: ['Restart and install', 'Later'],
  });
  if (choice === 0) await installWithConsent(updates, ask);
}
