// Settings and app commands: the person's preferences (language, budget,
// background sync) and the app's name and version.
import { command } from '../define';
import { noInput } from '../primitives';
import { appInfo, settingsShape } from '../status';

export const settingsCommands = {
  'settings.get': command('The current settings.', noInput, settingsShape),
  'settings.update': command(
    'Change some settings; answers all of them.',
    settingsShape.partial().strict(),
    settingsShape,
  ),
  'app.info': command('Name and version of the app, and whether the demo workspace is open.', noInput, appInfo),
} as const;
