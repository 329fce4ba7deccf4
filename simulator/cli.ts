// `npm run sim -- --port 8787 --seed 7 --listings 40`: starts the simulated
// PMS API on 127.0.0.1 and prints its base URL, the API credentials and the
// control secret. Every fault can be set from the command line too; see --help.
import { parseArgs } from 'node:util';
import { DEFAULTS, startSimulator, type FaultConfig } from './index';

const HELP = `Usage: npm run sim -- [options]

  --port <n>             port on 127.0.0.1 (default 8787; 0 = any free port)
  --seed <n>             data seed (default ${DEFAULTS.seed})
  --listings <n>         business size (default ${DEFAULTS.listings}; 1000 = benchmark size)
  --today <YYYY-MM-DD>   date the business is centred on (default: today)
  --user <name>          API user (default ${DEFAULTS.user})
  --password <pw>        API password (default ${DEFAULTS.password})
  --token-ttl <s>        token lifetime in seconds (default ${DEFAULTS.tokenTtlSeconds})
  --rate-limit <n>/<s>   requests per window per token (default ${DEFAULTS.rateLimit.limit}/${DEFAULTS.rateLimit.windowSeconds})
  --control-secret <s>   secret of /_control/* (default: random)
  --latency <ms>         added to every response
  --error-rate <0..1>    share of requests answered 500/502/503
  --error-routes <a,b>   endpoint names the error rate applies to (default all)
  --reset-before <0..1>  share of connections reset before processing
  --reset-after <0..1>   share processed, then reset before the answer
  --hang <0..1>          share never answered
  --malformed <0..1>     share of reads answered with a broken body
  --fault-routes <a,b>   endpoint names reset/hang/malformed apply to (default all)
  --churn <per-minute>   other users' changes per minute (default 0)
`;

function num(name: string, raw: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      listings: { type: 'string' },
      today: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      'token-ttl': { type: 'string' },
      'rate-limit': { type: 'string' },
      'control-secret': { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'error-routes': { type: 'string' },
      'reset-before': { type: 'string' },
      'reset-after': { type: 'string' },
      hang: { type: 'string' },
      malformed: { type: 'string' },
      'fault-routes': { type: 'string' },
      churn: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  let rateLimit: { limit: number; windowSeconds: number } | undefined;
  if (values['rate-limit'] !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(values['rate-limit']);
    if (!m) throw new Error('--rate-limit must look like 60/60 (requests/seconds)');
    rateLimit = { limit: Number(m[1]), windowSeconds: Number(m[2]) };
  }
  const faults: Partial<FaultConfig> = {};
  const rate = (flag: string, key: keyof FaultConfig) => {
    const v = num(flag, values[flag as keyof typeof values] as string | undefined, 0, 1);
    if (v !== undefined) (faults as Record<string, number>)[key] = v;
  };
  const latency = num('latency', values.latency, 0);
  if (latency !== undefined) faults.latencyMs = latency;
  rate('error-rate', 'errorRate');
  rate('reset-before', 'resetBeforeRate');
  rate('reset-after', 'resetAfterRate');
  rate('hang', 'hangRate');
  rate('malformed', 'malformedRate');
  if (values['error-routes']) faults.errorRoutes = values['error-routes'].split(',').map((s) => s.trim());
  if (values['fault-routes']) faults.routes = values['fault-routes'].split(',').map((s) => s.trim());

  const started = performance.now();
  const sim = await startSimulator({
    port: num('port', values.port, 0, 65535) ?? 8787,
    seed: num('seed', values.seed, 0, 2 ** 32 - 1),
    listings: num('listings', values.listings, 1, 100_000),
    today: values.today,
    user: values.user,
    password: values.password,
    tokenTtlSeconds: num('token-ttl', values['token-ttl'], 1),
    rateLimit,
    controlSecret: values['control-secret'],
    faults,
  });
  const churn = num('churn', values.churn, 0);
  if (churn) sim.startChurn(churn);

  console.log(`Stayboard PMS simulator ready in ${Math.round(performance.now() - started)} ms`);
  console.log(`  base URL        ${sim.url}   (API under ${sim.url}/api/v1)`);
  console.log(`  user / password ${sim.user} / ${sim.password}`);
  console.log(`  control secret  ${sim.controlSecret}   (header X-Control-Secret on ${sim.url}/_control/*)`);
  console.log('Press Ctrl+C to stop.');

  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`simulator: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
