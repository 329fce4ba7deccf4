// Whether a Secret Service (the keychain gnome-keyring provides) answers on the
// session D-Bus: asked by npm test's private keyring and by the bench's.
// Plain JavaScript so `npm test` runs it without a compiler; types in secret-service.d.mts.
import { spawnSync } from 'node:child_process';

export function secretServiceUp(env = process.env) {
  const r = spawnSync(
    'dbus-send',
    [
      '--session',
      '--dest=org.freedesktop.DBus',
      '--type=method_call',
      '--print-reply',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    ],
    { env, encoding: 'utf8' },
  );
  return r.stdout?.includes('boolean true') ?? false;
}
