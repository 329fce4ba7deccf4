// `npm run web -- [--demo | --api URL --user NAME --password-stdin [--remember]] [--port P] [--data DIR]`
// Starts the web host and prints the address to open, on a line of its own.
// Ctrl+C stops it cleanly (the request in flight finishes, the database closes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signInInput } from '../../shared/contract';
import { summarize } from '../../shared/api/validation';
import { createLogger, fileSink, stderrSink } from '../log/log';
import { launchWebHost } from './launch';

const USAGE = `Usage: npm run web -- [--demo | --api URL --user NAME --password-stdin [--remember]] [--port P] [--data DIR]

  --demo             open the demo workspace (embedded simulator, 40 listings)
  --api URL          sign in to this API base URL (e.g. https://pms.example.com)
  --user NAME        API user name
  --password-stdin   read the password from standard input
  --remember         keep the credentials in the OS keychain
  --port P           port on 127.0.0.1 (default: a free one)
  --data DIR         where settings and the cache live (default: a temporary folder)
  --renderer DIR     the built renderer (default: out/renderer)`;

async function main(): Promise<number> {
  let args;
  try {
    // A leading `--` (from `node scripts/run.mjs web -- …`) only separates runner and command options.
    const argv = process.argv.slice(2);
    args = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: {
        demo: { type: 'boolean', default: false },
        api: { type: 'string' },
        user: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        remember: { type: 'boolean', default: false },
        port: { type: 'string' },
        data: { type: 'string' },
        renderer: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const port = args.port === undefined ? 0 : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535.\n\n${USAGE}`);
    return 2;
  }
  if (args.demo && args.api) {
    console.error(`Choose --demo or --api, not both.\n\n${USAGE}`);
    return 2;
  }

  let signIn;
  if (args.api) {
    const password = args['password-stdin'] ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : '';
    const parsed = signInInput.safeParse({
      environment: 'custom',
      baseUrl: args.api,
      user: args.user ?? '',
      password,
      remember: args.remember,
    });
    if (!parsed.success) {
      console.error(`${summarize(parsed.error)}\n\n${USAGE}`);
      return 2;
    }
    signIn = parsed.data;
  }

  const sinks = [stderrSink()];
  if (args.data) sinks.push(fileSink(join(args.data, 'logs', 'web.log')));
  const log = createLogger({ sinks, level: process.env['STAYBOARD_LOG'] === 'debug' ? 'debug' : 'warn' });

  const launched = await launchWebHost({
    demo: args.demo,
    ...(signIn ? { signIn } : {}),
    port,
    ...(args.data ? { dataDir: args.data } : {}),
    ...(args.renderer ? { rendererDir: args.renderer } : {}),
    log,
    version: process.env['npm_package_version'] ?? '0.1.0',
  });
  if (launched.startupError) console.error(`Note: ${launched.startupError}`);
  console.log('Stayboard is running. Open this address in your browser (Ctrl+C to stop):');
  console.log(launched.url);

  await new Promise<void>((resolve) => {
    // `on`, not `once`: Ctrl+C under `npm start` reaches this process twice (from the
    // terminal and passed on by the parent); a second one must not cut the clean close short.
    const stop = () => resolve();
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  console.error('Stopping…');
  await launched.close();
  await Promise.all(sinks.map((s) => s.close()));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
