/**
 * Throughput of a scale-out deployment on this machine: twins per minute with
 * one and with two `tracetwin worker` processes, behind one `serve --workers 0`,
 * over PostgreSQL, the S3-protocol test store and a Temporal dev server
 * (see bench/cluster.ts). Each configuration gets a fresh deployment.
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/scale.js [--twins 100] [--bytes 65536] [--runs-per-worker 1] [--workers 1,2]
 *
 * `--twins N`: one warm-up twin goes through the whole path first, then N - 1 are measured.
 * Twins per minute = measured twins / (time from the first create to the last end).
 * Prints one JSON line per configuration.
 */
import { Cluster, createTwin, mapLimit, syntheticTrace } from './cluster';

interface Args {
  twins: number;
  bytes: number;
  runsPerWorker: number;
  workers: number[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { twins: 100, bytes: 64 * 1024, runsPerWorker: 1, workers: [1, 2] };
  for (let i = 0; i < argv.length; i += 2) {
    const value = argv[i + 1] ?? '';
    switch (argv[i]) {
      case '--twins':
        args.twins = Number(value);
        break;
      case '--bytes':
        args.bytes = Number(value);
        break;
      case '--runs-per-worker':
        args.runsPerWorker = Number(value);
        break;
      case '--workers':
        args.workers = value.split(',').map(Number);
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return args;
}

async function measure(args: Args, workerProcesses: number): Promise<Record<string, unknown>> {
  const cluster = await Cluster.start({ runLease: '30s' });
  try {
    const api = await cluster.startApi();
    const org = await cluster.admin([
      'org',
      'create',
      '--name',
      'bench',
      '--balance',
      String(args.twins),
      '--max-concurrent',
      String(args.twins),
      '--max-daily-live',
      String(args.twins),
    ]);
    const key = String((await cluster.admin(['key', 'create', '--org', String(org.id), '--mode', 'live'])).secret);
    for (let w = 0; w < workerProcesses; w++) cluster.startWorker(args.runsPerWorker);
    // warm-up: one twin through the whole path (workers connected, bundles loaded)
    const warm = await createTwin(api.apiUrl, key, { name: 'warm.jsonl', bytes: syntheticTrace(0, 1024) });
    if (warm.status !== 202) throw new Error(`warm-up create answered ${warm.status}`);
    await waitAllEnded(cluster, 180_000);

    const files = Array.from({ length: args.twins - 1 }, (_, i) => syntheticTrace(i + 1, args.bytes));
    const started = Date.now();
    const statuses = await mapLimit(files, 8, async (bytes, i) => {
      const r = await createTwin(api.apiUrl, key, { name: `t${i}.jsonl`, bytes });
      return r.status;
    });
    const createdMs = Date.now() - started;
    if (statuses.some((s) => s !== 202)) throw new Error(`creates answered ${[...new Set(statuses)].join(',')}`);
    await waitAllEnded(cluster, 600_000);
    // the end is observed by polling every 200 ms
    const endedMs = Date.now() - started;
    const [failed] = await cluster.sql<{ n: number }[]>`select count(*)::int as n from twins where status = 'failed'`;
    const twins = files.length;
    return {
      workerProcesses,
      runsPerWorker: args.runsPerWorker,
      twins,
      bytesPerTwin: args.bytes,
      failed: failed?.n ?? 0,
      createSeconds: +(createdMs / 1000).toFixed(1),
      seconds: +(endedMs / 1000).toFixed(1),
      twinsPerMinute: +((twins / endedMs) * 60_000).toFixed(0),
    };
  } finally {
    await cluster.stop();
  }
}

async function waitAllEnded(cluster: Cluster, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await cluster.sql<{ n: number }[]>`
      select count(*)::int as n from twins where status in ('queued', 'running')`;
    if (row?.n === 0) return;
    if (Date.now() > until) throw new Error(`${row?.n} twins still open\n${cluster.tail()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  for (const w of args.workers) process.stdout.write(JSON.stringify(await measure(args, w)) + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
