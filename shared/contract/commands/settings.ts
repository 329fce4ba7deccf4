// Settings and app commands: the person's preferences (language, budget,
// background sync, history kept), what the cache holds, and the app's name and version.
import { command } from '../define';
import { noInput } from '../primitives';
import { z } from 'zod';
import { appInfo, settingsShape, storageUsage } from '../status';

export const settingsCommands = {
  'settings.get': command('The current settings.', noInput, settingsShape),
  'settings.update': command(
    'Change some settings; answers all of them.',
    settingsShape.partial().strict(),
    settingsShape,
  ),
  'settings.storage': command(
    'What the cache holds on this computer, and what keeping `historyMonths` of history (null: everything) would drop.',
    z.strictObject({ historyMonths: settingsShape.shape.historyMonths }),
    storageUsage,
  ),
  'app.info': command('Name and version of the app, and whether the demo workspace is open.', noInput, appInfo),
} as const;
