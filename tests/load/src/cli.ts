/**
 * The load tool: `pnpm --filter ./tests/load load -- --url http://gateway:8080 --users 200 --rate 100
 * --duration 60 [--tokens tokens.jsonl]`. Virtual users sign in (or take tokens from a file), connect, enter
 * rooms and chat privately and in rooms at the set rate for the set time; a live progress line on stderr and
 * a JSON report (stdout or --report) with delivered messages/s, ack and delivery percentiles, errors,
 * reconnects, lost and duplicated messages.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { GeneratorWatch } from './generator.ts';
import { buildReport, progressLine } from './report.ts';
import { Scenario, type VirtualUser } from './scenario.ts';
import { readTokens, signIn } from './users.ts';

/** Hard bounds: the tool is for load testing a deployment, not for flooding one by accident. */
export const LIMITS = { users: 5_000, rate: 20_000, durationS: 3_600 } as const;

const HELP = `Usage: pnpm --filter ./tests/load load -- --url <gateway origin> --users N --rate R --duration S [options]
  --url URL            gateway origin (repeat or comma-separate for several nodes)
  --users N            virtual users (1..${LIMITS.users})
  --rate R             messages per second in total (0.1..${LIMITS.rate}), Poisson arrivals
  --duration S         measured seconds (1..${LIMITS.durationS})
  --warmup S           seconds of load before measuring (default 5)
  --tokens FILE        {userId, token} per line (or a JSON array) instead of signing in
  --email PATTERN      sign-in e-mail with {n} = 1..N (default load{n}@demo.test)
  --password TEXT      sign-in password (default from LOAD_PASSWORD)
  --signup             register each e-mail first (demo and test deployments)
  --event CODE         event code (default DEMO)
  --rooms 1,2,3        room ids for the groups (default: the event's lobby)
  --group-size N       members per room group (default 10)
  --private-share F    share of users in private pairs, 0..1 (default 0.5)
  --late-window S      after the 3 s drain, how long a missing delivery may still come: it is then
                       counted late (with how late), not lost (default 10)
  --report FILE        write the JSON report here (default: stdout)`;

const ArgsSchema = z.object({
  url: z.array(z.url({ protocol: /^https?$/ })).min(1, '--url is required'),
  users: z.coerce.number().int().min(1).max(LIMITS.users),
  rate: z.coerce.number().min(0.1).max(LIMITS.rate),
  duration: z.coerce.number().min(1).max(LIMITS.durationS),
  warmup: z.coerce.number().min(0).max(600).default(5),
  'late-window': z.coerce.number().min(0).max(600).default(10),
  tokens: z.string().optional(),
  email: z.string().includes('{n}').default('load{n}@demo.test'),
  password: z.string().optional(),
  event: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('DEMO'),
  rooms: z
    .string()
    .regex(/^\d+(,\d+)*$/, '--rooms must be comma-separated ids')
    .transform((value) => value.split(',').map(Number))
    .optional(),
  'group-size': z.coerce.number().int().min(2).max(1_000).default(10),
  'private-share': z.coerce.number().min(0).max(1).default(0.5),
  report: z.string().optional(),
  signup: z.boolean().default(false),
});
export type LoadArgs = z.infer<typeof ArgsSchema>;

/** Parses the command line; throws one message naming every bad option. */
export function parseLoadArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): LoadArgs {
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : [...argv],
    options: {
      url: { type: 'string', multiple: true },
      users: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'late-window': { type: 'string' },
      tokens: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      event: { type: 'string' },
      rooms: { type: 'string' },
      'group-size': { type: 'string' },
      'private-share': { type: 'string' },
      report: { type: 'string' },
      signup: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new Error(HELP);
  const urls = (values.url ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().replace(/\/$/, ''));
  const parsed = ArgsSchema.safeParse({
    ...values,
    url: urls,
    password: values.password ?? env.LOAD_PASSWORD,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid options:\n${lines.join('\n')}\n\n${HELP}`);
  }
  if (!parsed.data.tokens && !parsed.data.password)
    throw new Error(`Give --tokens, or --password (or LOAD_PASSWORD) to sign in.\n\n${HELP}`);
  return parsed.data;
}

async function lobbyOf(url: string, user: VirtualUser, eventCode: string): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ event_code: eventCode }));
  const response = await fetch(`${url}/trpc/content.getLobby?input=${input}`, {
    headers: user.token ? { authorization: `Bearer ${user.token}` } : {},
  });
  const body = (await response.json()) as { result?: { data: { id: number } }; error?: { message: string } };
  if (!body.result)
    throw new Error(
      `could not read the lobby of ${eventCode}: ${body.error?.message ?? response.status}; pass --rooms`,
    );
  return body.result.data.id;
}

/** Runs the tool; answers the process exit code. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<number> {
  let args: LoadArgs;
  try {
    args = parseLoadArgs(argv, env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const startedAt = new Date();
  const [firstUrl] = args.url as [string];
  const users = args.tokens
    ? (await readTokens(args.tokens)).slice(0, args.users)
    : await signIn({
        url: firstUrl,
        emailPattern: args.email,
        password: args.password ?? '',
        eventCode: args.event,
        count: args.users,
        signUp: args.signup,
      });
  if (users.length < args.users) process.stderr.write(`only ${users.length} users available\n`);
  const roomIds = args.rooms ?? [await lobbyOf(firstUrl, users[0] as VirtualUser, args.event)];

  const scenario = new Scenario({
    urls: args.url,
    users,
    eventCode: args.event,
    roomIds,
    groupSize: args['group-size'],
    privateShare: args['private-share'],
  });
  const stopSignal = new AbortController();
  process.once('SIGINT', () => stopSignal.abort());
  try {
    await scenario.connect((done, total) => {
      if (done === total || done % 50 === 0) process.stderr.write(`\rconnecting ${done}/${total}`);
    });
    process.stderr.write('\n');
    const watch = new GeneratorWatch();
    scenario.ledger.isMeasuring = false;
    scenario.start(args.rate);
    await sleep(args.warmup * 1000, stopSignal.signal);
    scenario.ledger.isMeasuring = true;
    watch.start();
    const measureStart = performance.now();
    const ticker = setInterval(() => {
      const elapsed = (performance.now() - measureStart) / 1000;
      process.stderr.write(
        `\r${progressLine({ elapsedSeconds: elapsed, totalSeconds: args.duration, ledger: scenario.ledger, connections: scenario.connectionStats() })}`,
      );
    }, 1000);
    await sleep(args.duration * 1000, stopSignal.signal);
    const measuredSeconds = (performance.now() - measureStart) / 1000;
    scenario.stop();
    const generator = watch.stop();
    clearInterval(ticker);
    process.stderr.write('\ndraining in-flight deliveries...\n');
    // Deliveries and acks still in flight land before anything counts as lost.
    await sleep(3_000);
    // Late is not lost: what is still missing may come during the late window (counted late, with how late).
    const missingAtDrain = await scenario.ledger.settle(args['late-window'] * 1000);
    if (missingAtDrain > 0) {
      const { late, lost } = scenario.ledger.totals();
      process.stderr.write(
        `${missingAtDrain} deliveries missing after the drain: ${late} came late, ${lost} lost\n`,
      );
    }
    const report = buildReport({
      startedAt,
      config: { ...args, password: undefined, roomIds },
      measuredSeconds,
      size: scenario.size,
      ledger: scenario.ledger,
      connections: scenario.connectionStats(),
      generator,
    });
    const text = `${JSON.stringify(report, null, 2)}\n`;
    if (args.report) await writeFile(args.report, text);
    else process.stdout.write(text);
    return report.totals.lost > 0 || report.totals.duplicated > 0 ? 1 : 0;
  } finally {
    scenario.close();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
