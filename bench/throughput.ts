/**
 * `npm run bench` (after `npm run build`): throughput and peak memory of a
 * whole twinning process on a large JSON Lines trace.
 *
 *   1. writes a deterministic trace of the realistic mix (bench/corpus.ts:
 *      OpenAI, Anthropic, Claude-Code, OTLP and LangSmith records, with
 *      support chats and terminal output inside tool records) to a temporary
 *      file — 50 MiB unless told otherwise;
 *   2. runs `bin/tracetwin twin INPUT -o OUTPUT --key HEX64` as a separate
 *      process (or, when the CLI is not built, a child process of this
 *      benchmark calling `twin()`, and says so), pinned to one core with
 *      `taskset -c 0` when available;
 *   3. prints wall time → MB/s, and the resident-set high-water mark (from
 *      `/usr/bin/time -v` when available, else from the process itself) as a
 *      multiple of the file size. Target: peak < 4× the file size — reported,
 *      not asserted. MB/s is printed for the record and is no target: speed is
 *      judged as a ratio against an earlier commit (`npm run bench:cost`).
 *
 *   4. with `--warm`, also the warm engine: one process (bench/warm-child.ts,
 *      pinned to the same core) twins another trace of the same size first,
 *      then this one, as the service's pool threads twin one trace after
 *      another; the second twin's time is reported. A one-shot process spends
 *      part of its run on V8 compiling the engine's hot code.
 *
 *   5. with `--floor`, also the format floor: the same one-shot process with
 *      no detector (bench/floor-child.ts), and its share of the whole
 *      process's time.
 *
 *   6. unless `--no-audit`, `tracetwin audit` of the twin just made against 100,000
 *      generated values (bench/audit.ts).
 *
 *   7. unless `--no-batch`, a folder of 20 traces (the same mix, --mib in all) twinned by one `tracetwin twin
 *      DIR -o OUT` with `--jobs 1` and with `--jobs 2`, alternated `--batch-rounds` times (default 2), then, on
 *      more than 2 cores, with `--jobs` the number of cores, and `--jobs 1` pinned to one core: wall time and user
 *      + system CPU of each, and the throughput ratio of --jobs 2 to --jobs 1, best wall against best wall, in one
 *      run (issue 17's target: at least 1.8× on 2 cores); every output folder must be byte-identical.
 *
 *   node dist/bench/throughput.js [--mib N] [--runs N] [--seed S] [--warm] [--floor] [--no-audit] [--no-batch]
 *                                 [--batch-rounds N] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { auditBench } from './audit';
import { generateJsonl } from './corpus';
import { keyFor, repoRoot } from './util';
import { table } from './report';

const TARGET_MEMORY_MULTIPLE = 4;

function has(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
}

interface Run {
  seconds: number;
  maxRssBytes: number | null;
  rssSource: string;
  cpuSeconds: number | null;
  outBytes: number;
  outLines: number;
}

function countLines(file: string): number {
  const buf = fs.readFileSync(file);
  let n = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** Runs `cmd` (the measuring wrappers, then the twinning process) `runs` times, writing `output`. */
function measure(cmd: readonly string[], runs: number, output: string): Run[] {
  const results: Run[] = [];
  for (let r = 0; r < runs; r++) {
    fs.rmSync(output, { force: true });
    const t0 = process.hrtime.bigint();
    const res = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', maxBuffer: 64 << 20 });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (res.error || res.status !== 0) {
      process.stderr.write(
        `bench: the twinning process failed (status ${res.status}): ${res.error?.message ?? ''}\n${res.stderr}\n`,
      );
      process.exit(1);
    }
    const timeRss = /Maximum resident set size \(kbytes\): (\d+)/.exec(res.stderr);
    const probeOut = /tracetwin-bench maxrss-kib (\d+) user-us (\d+) system-us (\d+)/.exec(res.stderr);
    const timeCpu = /User time \(seconds\): ([\d.]+)[\s\S]*?System time \(seconds\): ([\d.]+)/.exec(res.stderr);
    const maxRssBytes = timeRss ? Number(timeRss[1]) * 1024 : probeOut ? Number(probeOut[1]) * 1024 : null;
    results.push({
      seconds,
      maxRssBytes,
      rssSource: timeRss ? 'time -v' : probeOut ? 'resourceUsage' : 'none',
      cpuSeconds: timeCpu
        ? Number(timeCpu[1]) + Number(timeCpu[2])
        : probeOut
          ? (Number(probeOut[2]) + Number(probeOut[3])) / 1e6
          : null,
      outBytes: fs.statSync(output).size,
      outLines: countLines(output),
    });
  }
  return results;
}

const COLUMNS = ['', 'wall s', 'cpu s', 'MB/s (wall)', 'MB/s (cpu)', 'peak RSS', 'peak / file', 'same line count'];

function rowsOf(results: readonly Run[], size: number, inLines: number): string[][] {
  return results.map((r, i) => [
    `run ${i + 1}`,
    r.seconds.toFixed(2),
    r.cpuSeconds === null ? '—' : r.cpuSeconds.toFixed(2),
    (size / 1e6 / r.seconds).toFixed(1),
    r.cpuSeconds === null ? '—' : (size / 1e6 / r.cpuSeconds).toFixed(1),
    r.maxRssBytes === null ? '—' : `${(r.maxRssBytes / (1 << 20)).toFixed(0)} MiB`,
    r.maxRssBytes === null ? '—' : `${(r.maxRssBytes / size).toFixed(2)}×`,
    r.outLines === inLines ? 'yes' : `NO (${r.outLines})`,
  ]);
}

function main(): void {
  const argv = process.argv.slice(2);
  let mib = 50;
  let runs = 1;
  let seed = 'tracetwin';
  let keep = false;
  let warm = false;
  let floor = false;
  let audit = true;
  let batch = true;
  let batchRounds = 2;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--mib') mib = Number(argv[++i]);
    else if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--seed') seed = String(argv[++i]);
    else if (a === '--keep') keep = true;
    else if (a === '--warm') warm = true;
    else if (a === '--floor') floor = true;
    else if (a === '--no-audit') audit = false;
    else if (a === '--no-batch') batch = false;
    else if (a === '--batch-rounds') batchRounds = Number(argv[++i]);
    else {
      process.stderr.write(`bench: unknown option ${a}\n`);
      process.exit(2);
    }
  }
  if (!(mib > 0) || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(batchRounds) || batchRounds < 1) {
    process.stderr.write('bench: --mib must be positive, --runs and --batch-rounds positive integers\n');
    process.exit(2);
  }

  const root = repoRoot();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-bench-'));
  const input = path.join(dir, 'trace.jsonl');
  const output = path.join(dir, 'twin.jsonl');
  const g0 = Date.now();
  const fd = fs.openSync(input, 'w');
  const size = generateJsonl(seed, Math.round(mib * (1 << 20)), (s) => fs.writeSync(fd, s));
  fs.closeSync(fd);
  const inLines = countLines(input);
  process.stdout.write(
    `Generated ${input}: ${size} bytes (${(size / (1 << 20)).toFixed(1)} MiB), ${inLines} JSON lines, seed ${JSON.stringify(seed)}, in ${((Date.now() - g0) / 1000).toFixed(1)} s\n`,
  );

  const key = keyFor(`${seed}:bench`);
  const cli = path.join(root, 'bin', 'tracetwin');
  const cliBuilt = fs.existsSync(cli) && fs.existsSync(path.join(root, 'dist', 'cli', 'main.js'));
  const probe = path.join(__dirname, 'rss-probe.js');
  const target = cliBuilt
    ? [cli, 'twin', input, '-o', output, '--key', key]
    : [path.join(__dirname, 'twin-child.js'), input, output, key];
  if (!cliBuilt)
    process.stdout.write(
      'NOTE: bin/tracetwin twin is not built (dist/cli/main.js missing): measuring a child process that calls twin() instead.\n',
    );
  const taskset = has('taskset', ['-c', '0', 'true']);
  const timeV = fs.existsSync('/usr/bin/time') && has('/usr/bin/time', ['-v', 'true']);
  const cmd = [
    ...(timeV ? ['/usr/bin/time', '-v'] : []),
    ...(taskset ? ['taskset', '-c', '0'] : []),
    process.execPath,
    '-r',
    probe,
    ...target,
  ];
  process.stdout.write(
    `Command: ${cmd.map((c) => (c === key ? '<key>' : c.startsWith(dir) ? path.join('$TMP', path.relative(dir, c)) : c)).join(' ')}\n` +
      `  process: ${cliBuilt ? 'tracetwin twin CLI' : 'fallback child calling twin()'}; pinned to one core: ${taskset ? 'yes (taskset -c 0)' : 'no (taskset not available)'}; ` +
      `peak memory from: ${timeV ? '/usr/bin/time -v' : 'process.resourceUsage().maxRSS in the process'}\n` +
      `  machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}\n`,
  );

  const load0 = os.loadavg()[0]!;
  const results = measure(cmd, runs, output);

  const rows = rowsOf(results, size, inLines);
  process.stdout.write('\n' + table(COLUMNS, rows) + '\n');
  const best = results.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const mbps = size / 1e6 / best.seconds;
  const multiple = best.maxRssBytes === null ? null : best.maxRssBytes / size;
  process.stdout.write(
    `\nThroughput: ${mbps.toFixed(1)} MB/s (${(size / (1 << 20) / best.seconds).toFixed(1)} MiB/s) (for the record: speed is judged as a ratio to an earlier commit, npm run bench:cost)\n` +
      `Peak memory: ${multiple === null ? 'unknown' : `${multiple.toFixed(2)}× the file size`} — target < ${TARGET_MEMORY_MULTIPLE}×: ${multiple === null ? 'unknown' : multiple < TARGET_MEMORY_MULTIPLE ? 'met' : 'NOT met'}\n` +
      `(MB = 10^6 bytes; wall time of the whole process, start-up and file I/O included. MB/s (cpu) divides by the\n` +
      ` process's user + system CPU time instead: closer to the one-core figure when other work shares the machine;\n` +
      ` load average before the runs: ${load0.toFixed(2)} on ${os.cpus().length} cores.)\n`,
  );
  if (audit && cliBuilt) auditBench(root, dir, input, output, seed, Math.round(mib * (1 << 20)), runs);
  if (batch && cliBuilt) batchBench(cli, dir, seed, Math.round(mib * (1 << 20)), key, batchRounds);
  if (warm) warmEngine(dir, input, output, seed, size, key, runs, taskset);
  if (floor) {
    // the CLI's own V8 flags (cli/commands/twin.ts), so that the floor is the same process less the detectors
    const floorCmd = [
      ...cmd.slice(0, cmd.indexOf(process.execPath) + 1),
      '--heap-growing-percent=20',
      '--no-turbo-inlining',
      '--no-turbo-loop-peeling',
      '-r',
      probe,
      path.join(__dirname, 'floor-child.js'),
      input,
      path.join(dir, 'floor.jsonl'),
      key,
    ];
    const floorRuns = measure(floorCmd, runs, path.join(dir, 'floor.jsonl'));
    const cli = results.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const least = floorRuns.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    process.stdout.write(
      `\nFormat floor: the same one-shot process with no detector (bench/floor-child.ts: twinSource from disk, the\n` +
        `CLI's V8 flags, same wrappers): reading, survey, both passes over the JSON, writing — nothing found.\n` +
        table(COLUMNS, rowsOf(floorRuns, size, inLines)) +
        `\nThe floor takes ${((100 * least.seconds) / cli.seconds).toFixed(0)}% of the CLI's best wall time; the detectors ` +
        `and stand-ins take the other ${(cli.seconds - least.seconds).toFixed(2)} s.\n`,
    );
  }
  if (keep) process.stdout.write(`Kept ${dir}\n`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

/** One `tracetwin twin DIR` of step 7: wall seconds, and user + system CPU seconds when /usr/bin/time tells. */
interface BatchRun {
  jobs: number;
  pinned: boolean;
  seconds: number;
  cpuSeconds: number | null;
  out: string;
}

/**
 * Step 7: 20 traces in a folder, `tracetwin twin DIR` with --jobs 1 and --jobs 2 (issue 17's figure: 2 cores),
 * alternated for `rounds` rounds; --jobs the number of cores too when there are more than 2; then --jobs 1 pinned to
 * one core.
 */
function batchBench(cli: string, dir: string, seed: string, bytes: number, key: string, rounds: number): void {
  const files = 20;
  const inDir = path.join(dir, 'batch');
  fs.mkdirSync(inDir);
  let total = 0;
  for (let i = 0; i < files; i++) {
    const fd = fs.openSync(path.join(inDir, `trace-${String(i).padStart(2, '0')}.jsonl`), 'w');
    total += generateJsonl(`${seed}:batch:${i}`, Math.round(bytes / files), (s) => fs.writeSync(fd, s));
    fs.closeSync(fd);
  }
  const cores = Math.max(1, os.availableParallelism());
  const time = fs.existsSync('/usr/bin/time') && has('/usr/bin/time', ['-f', '%U', 'true']);
  const taskset = has('taskset', ['-c', '0', 'true']);
  let n = 0;
  const timed = (jobs: number, pinned = false): BatchRun => {
    const out = path.join(dir, `batch-out-${n++}`);
    const cmd = [
      ...(time ? ['/usr/bin/time', '-f', 'tracetwin-bench-cpu %U %S'] : []),
      ...(pinned ? ['taskset', '-c', '0'] : []),
      process.execPath,
      cli,
      'twin',
      inDir,
      '-o',
      out,
      '--key',
      key,
      '--jobs',
      String(jobs),
    ];
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd[0]!, cmd.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 16 << 20 });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`batch --jobs ${jobs} failed: ${r.stderr.toString().slice(-500)}`);
    const cpu = /tracetwin-bench-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr.toString());
    return { jobs, pinned, seconds, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null, out };
  };
  const load0 = os.loadavg()[0]!;
  const runs: BatchRun[] = [];
  for (let r = 0; r < rounds; r++) runs.push(timed(1), timed(2));
  if (cores > 2) runs.push(timed(cores));
  // --jobs 1 on one core: a one-file process also runs V8's compiler and collector threads beside its own, on the
  // other core when it is free
  if (taskset) runs.push(timed(1, true));
  const load1 = os.loadavg()[0]!;
  let same = true;
  for (const f of fs.readdirSync(inDir)) {
    const a = fs.readFileSync(path.join(runs[0]!.out, 'batch', f));
    for (const r of runs.slice(1)) if (!a.equals(fs.readFileSync(path.join(r.out, 'batch', f)))) same = false;
  }
  const best = (jobs: number): BatchRun =>
    runs.filter((r) => r.jobs === jobs && !r.pinned).reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const one = best(1);
  const two = best(2);
  const ratio = one.seconds / two.seconds;
  const mbps = (r: BatchRun): string => (total / 1e6 / r.seconds).toFixed(1);
  const cpu = (r: BatchRun): string =>
    r.cpuSeconds === null ? '—' : `${r.cpuSeconds.toFixed(2)} (${(r.cpuSeconds / r.seconds).toFixed(2)} cores busy)`;
  const rows = runs.map((r) => [
    r.pinned ? `--jobs ${r.jobs}, taskset -c 0` : `--jobs ${r.jobs}`,
    r.seconds.toFixed(2),
    mbps(r),
    cpu(r),
  ]);
  const cpuOne = one.cpuSeconds;
  const cpuTwo = two.cpuSeconds;
  process.stdout.write(
    `\nBatch: \`tracetwin twin DIR -o OUT\` on ${files} traces, ${(total / (1 << 20)).toFixed(1)} MiB in all, --jobs 1 and ` +
      `--jobs 2 alternated ${rounds} times (load average ${load0.toFixed(2)} before, ${load1.toFixed(2)} after, ` +
      `${cores} cores):\n` +
      table(['run', 'wall s', 'MB/s (wall)', 'user + sys CPU s'], rows) +
      `\nThroughput ratio, --jobs 2 against --jobs 1 (best wall of each): ${ratio.toFixed(2)}× ` +
      `(issue 17's target: ≥ 1.8× on 2 cores: ${cores === 2 ? (ratio >= 1.8 ? 'met' : 'NOT met') : 'not this machine'}); ` +
      `outputs identical: ${same ? 'yes' : 'NO'}\n` +
      (cpuOne !== null && cpuTwo !== null
        ? `CPU of --jobs 2 against --jobs 1: ${(cpuTwo / cpuOne).toFixed(2)}× (each worker thread loads the engine and ` +
          `V8 compiles its hot code for each thread); on 2 cores, both free, --jobs 2 cannot beat ` +
          `2 × ${one.seconds.toFixed(2)} / ${cpuTwo.toFixed(2)} = ${((2 * one.seconds) / cpuTwo).toFixed(2)}×\n`
        : ''),
  );
}

function digestOf(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The warm engine's figures (--warm): see step 4 above. */
function warmEngine(
  dir: string,
  input: string,
  output: string,
  seed: string,
  size: number,
  key: string,
  runs: number,
  taskset: boolean,
): void {
  const warmup = path.join(dir, 'warm-up.jsonl');
  const fd = fs.openSync(warmup, 'w');
  generateJsonl(`${seed}:warm-up`, size, (s) => fs.writeSync(fd, s));
  fs.closeSync(fd);
  const cliTwin = digestOf(output);
  const child = path.join(__dirname, 'warm-child.js');
  const cmd = [...(taskset ? ['taskset', '-c', '0'] : []), process.execPath, child, warmup, input, output, key];
  const rows: string[][] = [];
  for (let r = 0; r < runs; r++) {
    const res = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
    if (res.error || res.status !== 0) {
      process.stderr.write(`bench: the warm-engine process failed (status ${res.status})\n${res.stderr}\n`);
      process.exit(1);
    }
    const t = JSON.parse(res.stdout) as { seconds: number; cpuSeconds: number };
    rows.push([
      `run ${r + 1}`,
      t.seconds.toFixed(2),
      t.cpuSeconds.toFixed(2),
      (size / 1e6 / t.seconds).toFixed(1),
      (size / 1e6 / t.cpuSeconds).toFixed(1),
      digestOf(output) === cliTwin ? 'yes' : 'NO',
    ]);
  }
  process.stdout.write(
    `\nWarm engine: one process${taskset ? ' (taskset -c 0)' : ''} twins another generated trace of the same size ` +
      `(seed ${JSON.stringify(`${seed}:warm-up`)}, another key), then this one, from disk through twinSource as the ` +
      `service's pool threads do; the second twin's time:\n` +
      table(['', 'wall s', 'cpu s', 'MB/s (wall)', 'MB/s (cpu)', 'same twin as the CLI'], rows) +
      '\n',
  );
}

main();
