/**
 * `npm run bench:api` (after `npm run build`): the HTTP service as a client
 * sees it, on loopback.
 *
 *   1. starts the built `bin/tracetwin serve` with a fresh temporary data dir
 *      (its own Temporal dev server, PGlite and blob folder) on a free port,
 *      `--workers 1` unless told otherwise, and creates a live organisation
 *      with a large balance and high run limits, and a live key, through
 *      `bin/tracetwin admin`;
 *   2. create: `--creates` uploads (POST /v1/svc/twins, multipart) of one
 *      generated JSON Lines trace of `--upload-mib` MiB, `--concurrency` at a
 *      time → requests per second, p50 / p99 latency. Each accepted upload
 *      starts a real twin workflow, so the pseudonymiser runs alongside; the
 *      number of twins still queued or running when the phase ends is printed;
 *   3. retrieve: `--gets` reads (GET /v1/svc/twins/{id}) of those twins, the
 *      same concurrency → requests per second, p50 / p99;
 *   4. waits until the twins of step 2 have ended (at most `--drain-timeout`
 *      seconds) and reports how long that took;
 *   5. end to end: one twin of `--e2e-mib` MiB (cut at a line end so it stays
 *      within the live upload cap) on an otherwise idle server: upload →
 *      status completed (polled every 100 ms) → content downloaded, with the
 *      pseudonymiser's own part taken from the server's `twinned` log line;
 *   6. stops the server (SIGTERM, then SIGKILL after a time-out) and removes
 *      the data dir.
 *
 * Loopback only, a bounded number of requests; figures are reported, not
 * asserted.
 *
 *   node dist/bench/api.js [--creates N] [--gets N] [--concurrency N] [--upload-mib N]
 *                          [--e2e-mib N] [--workers N] [--drain-timeout S] [--seed S] [--keep] [--memory]
 *
 * With --memory, bench/mem-probe.js is preloaded into the server (every
 * thread) and where its resident memory is (smaps by kind of mapping, each
 * thread's V8 heap, WebAssembly memory) is printed after the create phase and
 * after the end-to-end twin (bench/memory.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateJsonl } from './corpus';
import { memoryReport } from './memory';
import { table } from './report';
import { repoRoot } from './util';

const execFileP = promisify(execFile);
const LIVE_CAP = 50 * (1 << 20);
const STOP_GRACE_MS = 45_000;

interface Options {
  creates: number;
  gets: number;
  concurrency: number;
  uploadMib: number;
  e2eMib: number;
  workers: number;
  drainTimeoutS: number;
  seed: string;
  keep: boolean;
  /** Preload bench/mem-probe into the server and print where its memory is (bench/memory.ts). */
  memory: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    creates: 200,
    gets: 500,
    concurrency: 8,
    uploadMib: 1,
    e2eMib: 50,
    workers: 1,
    drainTimeoutS: 600,
    seed: 'tracetwin',
    keep: false,
    memory: false,
  };
  const num = (name: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--creates') o.creates = Math.floor(num('creates', v, 1));
    else if (a === '--gets') o.gets = Math.floor(num('gets', v, 1));
    else if (a === '--concurrency') o.concurrency = Math.floor(num('concurrency', v, 1));
    else if (a === '--upload-mib') o.uploadMib = num('upload-mib', v, 0.001);
    else if (a === '--e2e-mib') o.e2eMib = num('e2e-mib', v, 0);
    else if (a === '--workers') o.workers = Math.floor(num('workers', v, 1));
    else if (a === '--drain-timeout') o.drainTimeoutS = num('drain-timeout', v, 1);
    else if (a === '--seed') o.seed = String(v);
    else if (a === '--keep') {
      o.keep = true;
      continue;
    } else if (a === '--memory') {
      o.memory = true;
      continue;
    } else fail(`unknown option ${a}`);
    i++;
  }
  return o;
}

function fail(message: string): never {
  process.stderr.write(`bench:api: ${message}\n`);
  process.exit(2);
}

/** A generated JSON Lines trace of at most `bytes` bytes, cut after its last whole line. */
function trace(seed: string, bytes: number): Buffer {
  const parts: string[] = [];
  generateJsonl(seed, bytes, (s) => parts.push(s));
  const buf = Buffer.from(parts.join(''), 'utf8');
  if (buf.length <= bytes) return buf;
  const end = buf.lastIndexOf(10, bytes - 1);
  return buf.subarray(0, end + 1);
}

/**
 * Resets the kernel's record of a process's peak resident set (Linux: `5` into /proc/PID/clear_refs); false where
 * that cannot be done.
 */
function mib(bytes: number | null): string {
  return bytes === null ? '—' : (bytes / (1 << 20)).toFixed(0);
}

function resetPeakRss(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * A memory figure of /proc/PID/status in bytes (Linux): VmRSS, the resident set now; VmHWM, its peak since the
 * process started or since resetPeakRss.
 */
function procStatus(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function lines(buf: Uint8Array): number {
  let n = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** Nearest-rank percentile of milliseconds. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// The server

interface Server {
  child: ChildProcess;
  apiUrl: string;
  dataDir: string;
  /** pseudonymiser milliseconds per twin id, from the `twinned` log lines. */
  twinnedMs: Map<string, number>;
  stderrTail: () => string;
  exited: Promise<string>;
}

async function startServer(bin: string, dataDir: string, workers: number, probeDir: string | null): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('TRACETWIN_')) delete env[k];
  if (probeDir) {
    env.TRACETWIN_MEM_PROBE_DIR = probeDir;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} -r ${path.join(__dirname, 'mem-probe.js')}`.trim();
  }
  const child = spawn(
    process.execPath,
    [
      bin,
      'serve',
      '--data-dir',
      dataDir,
      '--listen',
      '127.0.0.1:0',
      '--workers',
      String(workers),
      '--temporal-port',
      '0',
      '--temporal-ui-port',
      '0',
    ],
    // info: the `twinned` line carries the pseudonymiser's milliseconds
    { env: { ...env, TRACETWIN_LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const twinnedMs = new Map<string, number>();
  let partial = '';
  child.stdout?.on('data', (d: Buffer) => {
    const text = partial + d.toString('utf8');
    const cut = text.lastIndexOf('\n');
    partial = text.slice(cut + 1);
    if (cut < 0) return;
    for (const line of text.slice(0, cut).split('\n')) {
      if (!line.includes('"twinned"')) continue;
      try {
        const rec = JSON.parse(line) as { msg?: string; twin_id?: string; ms?: number };
        if (rec.msg === 'twinned' && typeof rec.twin_id === 'string' && typeof rec.ms === 'number')
          twinnedMs.set(rec.twin_id.replace(/^twin_/, ''), rec.ms);
      } catch {
        // not a log record
      }
    }
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString('utf8')).slice(-16_384);
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );

  const file = path.join(dataDir, 'server.json');
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`serve exited early:\n${err}`);
    try {
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; apiUrl: string };
      if (info.pid === child.pid)
        return { child, apiUrl: info.apiUrl, dataDir, twinnedMs, stderrTail: () => err, exited };
    } catch {
      // not written yet
    }
    if (Date.now() > until) throw new Error(`serve did not become ready in 180 s:\n${err}`);
    await sleep(200);
  }
}

/** SIGTERM, then SIGKILL (and the dev server it started) after {@link STOP_GRACE_MS}. */
async function stopServer(server: Server): Promise<string> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return 'had already exited';
  const devPidFile = path.join(server.dataDir, 'temporal', 'dev-server.pid');
  let devPid: number | null = null;
  try {
    devPid = Number(fs.readFileSync(devPidFile, 'utf8'));
  } catch {
    // no dev server recorded
  }
  const t0 = Date.now();
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const how = await Promise.race([
    server.exited.then((c) => `exit ${c} ${((Date.now() - t0) / 1000).toFixed(1)} s after SIGTERM`),
    new Promise<void>((r) => (timer = setTimeout(r, STOP_GRACE_MS))),
  ]);
  clearTimeout(timer);
  if (typeof how === 'string') return how;
  server.child.kill('SIGKILL');
  await server.exited;
  if (devPid !== null && Number.isInteger(devPid) && devPid > 0) {
    try {
      process.kill(devPid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return `SIGKILL after ${STOP_GRACE_MS / 1000} s`;
}

async function admin(bin: string, dataDir: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await execFileP(process.execPath, [bin, 'admin', '--data-dir', dataDir, ...args]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------
// Load

interface PhaseResult {
  latenciesMs: number[];
  seconds: number;
  statuses: Map<number, number>;
  firstError: string | null;
}

/** `total` requests, `concurrency` at a time; each returns its HTTP status. */
async function phase(
  total: number,
  concurrency: number,
  request: (i: number) => Promise<Response>,
): Promise<PhaseResult> {
  const latenciesMs: number[] = [];
  const statuses = new Map<number, number>();
  let firstError: string | null = null;
  let next = 0;
  const t0 = process.hrtime.bigint();
  const lane = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const s = process.hrtime.bigint();
      let status = 0;
      try {
        const res = await request(i);
        status = res.status;
        const body = await res.text();
        if (res.status >= 400 && firstError === null) firstError = `${res.status} ${body.slice(0, 300)}`;
      } catch (err) {
        if (firstError === null) firstError = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      }
      latenciesMs.push(Number(process.hrtime.bigint() - s) / 1e6);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  latenciesMs.sort((a, b) => a - b);
  return { latenciesMs, seconds, statuses, firstError };
}

interface TwinView {
  id: string;
  status: string;
}

/** Status counts of the given twins, from the list endpoint (pages of 100, newest first). */
async function statusCounts(apiUrl: string, auth: string, ids: Set<string>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let after: string | undefined;
  let seen = 0;
  while (seen < ids.size) {
    const q = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) });
    const res = await fetch(`${apiUrl}/v1/svc/twins?${q}`, { headers: { authorization: auth } });
    if (res.status !== 200) throw new Error(`listing twins answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { data: TwinView[]; has_more: boolean };
    for (const t of page.data) {
      if (!ids.has(t.id)) continue;
      seen++;
      counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
    }
    const last = page.data[page.data.length - 1];
    if (!page.has_more || last === undefined) break;
    after = last.id;
  }
  return counts;
}

const fmtCounts = (m: Map<string | number, number>): string =>
  [...m.entries()].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const root = repoRoot();
  const bin = path.join(root, 'bin', 'tracetwin');
  if (!fs.existsSync(path.join(root, 'dist', 'cli', 'main.js'))) fail('build first: npm run build');

  const g0 = Date.now();
  const upload = trace(`${o.seed}:api-upload`, Math.round(o.uploadMib * (1 << 20)));
  const big = o.e2eMib > 0 ? trace(`${o.seed}:api-e2e`, Math.min(LIVE_CAP, Math.round(o.e2eMib * (1 << 20)))) : null;
  process.stdout.write(
    `Generated the upload (${upload.length} bytes, ${lines(upload)} JSON lines)` +
      (big ? ` and the end-to-end trace (${big.length} bytes, ${lines(big)} JSON lines)` : '') +
      ` in ${((Date.now() - g0) / 1000).toFixed(1)} s\n`,
  );

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-bench-api-'));
  const dataDir = path.join(tmp, 'data');
  const load0 = os.loadavg();
  const date = new Date().toISOString();
  const s0 = Date.now();
  let server: Server | null = null;
  try {
    const probeDir = o.memory ? path.join(tmp, 'mem-probe') : null;
    server = await startServer(bin, dataDir, o.workers, probeDir);
    const serverPid = server.child.pid;
    const memoryAt = async (when: string): Promise<void> => {
      if (!probeDir || serverPid === undefined) return;
      await sleep(2500); // the probe writes every second
      process.stdout.write(`\nServer memory ${when}:\n${memoryReport(serverPid, probeDir)}`);
    };
    const startS = (Date.now() - s0) / 1000;
    const org = await admin(bin, dataDir, [
      'org',
      'create',
      '--name',
      'bench',
      '--balance',
      '100000',
      '--max-concurrent',
      '1000',
      '--max-daily-live',
      '100000',
    ]);
    const key = await admin(bin, dataDir, ['key', 'create', '--org', String(org.id), '--mode', 'live']);
    const auth = `Bearer ${String(key.secret)}`;
    const api = server.apiUrl;
    process.stdout.write(
      `Server: bin/tracetwin serve --data-dir $TMP --listen 127.0.0.1:0 --workers ${o.workers} (ready in ${startS.toFixed(1)} s), ` +
        `live key of a fresh organisation\n` +
        `  machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `load average ${load0.map((l) => l.toFixed(2)).join(' ')}; ${date}\n`,
    );

    // warm-up: connections, JIT, the key cache (reads only: no twin is started)
    await phase(20, o.concurrency, () => fetch(`${api}/v1/svc/twins?limit=1`, { headers: { authorization: auth } }));

    // create
    const ids: string[] = [];
    const blob = new Blob([upload]);
    const create = await phase(o.creates, o.concurrency, async () => {
      const form = new FormData();
      form.append('file', blob, 'trace.jsonl');
      const res = await fetch(`${api}/v1/svc/twins`, { method: 'POST', headers: { authorization: auth }, body: form });
      if (res.status !== 202) return res;
      const twin = (await res.json()) as { id: string };
      ids.push(twin.id);
      return new Response(null, { status: 202 });
    });
    const idSet = new Set(ids);
    const atCreateEnd = ids.length > 0 ? await statusCounts(api, auth, idSet) : new Map<string, number>();
    const pending = (atCreateEnd.get('queued') ?? 0) + (atCreateEnd.get('running') ?? 0);

    // retrieve
    const retrieve =
      ids.length === 0
        ? null
        : await phase(o.gets, o.concurrency, (i) =>
            fetch(`${api}/v1/svc/twins/${ids[i % ids.length]}`, { headers: { authorization: auth } }),
          );

    // drain the twins of the create phase
    const d0 = Date.now();
    let ended = atCreateEnd;
    while (ids.length > 0) {
      ended = await statusCounts(api, auth, idSet);
      if ((ended.get('queued') ?? 0) + (ended.get('running') ?? 0) === 0) break;
      if (Date.now() - d0 > o.drainTimeoutS * 1000) break;
      await sleep(1000);
    }
    const drainS = (Date.now() - d0) / 1000;
    const smallMs = ids
      .map((id) => server?.twinnedMs.get(id.replace(/^twin_/, '')))
      .filter((ms): ms is number => ms !== undefined)
      .sort((a, b) => a - b);

    await memoryAt(`after the ${ids.length} twins of the create phase ended`);

    // end to end
    let e2e: {
      uploadS: number;
      waitS: number;
      downloadS: number;
      totalS: number;
      status: string;
      pseudonymiserS: number | null;
      outBytes: number;
      sameLines: boolean;
      load: number;
      peakRssBytes: number | null;
      rssBeforeBytes: number | null;
    } | null = null;
    let e2eError: string | null = null;
    if (big) {
      const load = os.loadavg()[0]!;
      const rssBefore = procStatus(server.child.pid, 'VmRSS');
      const peakFrom = resetPeakRss(server.child.pid);
      const t0 = process.hrtime.bigint();
      const secs = (): number => Number(process.hrtime.bigint() - t0) / 1e9;
      const form = new FormData();
      form.append('file', new Blob([big]), 'trace.jsonl');
      const res = await fetch(`${api}/v1/svc/twins`, { method: 'POST', headers: { authorization: auth }, body: form });
      const uploadS = secs();
      if (res.status !== 202) e2eError = `upload answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
      else {
        const { id } = (await res.json()) as { id: string };
        let status = 'queued';
        const until = Date.now() + o.drainTimeoutS * 1000;
        while (status === 'queued' || status === 'running') {
          if (Date.now() > until) break;
          await sleep(100);
          const r = await fetch(`${api}/v1/svc/twins/${id}`, { headers: { authorization: auth } });
          status = ((await r.json()) as { status: string }).status;
        }
        const waitEnd = secs();
        if (status !== 'completed') e2eError = `the twin ended ${status}`;
        else {
          const c = await fetch(`${api}/v1/svc/twins/${id}/content`, { headers: { authorization: auth } });
          const out = new Uint8Array(await c.arrayBuffer());
          const totalS = secs();
          if (c.status !== 200) e2eError = `content answered ${c.status}`;
          const ms = server.twinnedMs.get(id.replace(/^twin_/, ''));
          e2e = {
            uploadS,
            waitS: waitEnd - uploadS,
            downloadS: totalS - waitEnd,
            totalS,
            status,
            pseudonymiserS: ms === undefined ? null : ms / 1000,
            outBytes: out.length,
            sameLines: lines(out) === lines(big),
            load,
            peakRssBytes: peakFrom ? procStatus(server.child.pid, 'VmHWM') : null,
            rssBeforeBytes: rssBefore,
          };
        }
      }
    }

    if (big) await memoryAt('after the end-to-end twin');

    // report
    const row = (name: string, r: PhaseResult): string[] => [
      name,
      String(r.latenciesMs.length),
      String(o.concurrency),
      r.seconds.toFixed(2),
      (r.latenciesMs.length / r.seconds).toFixed(1),
      percentile(r.latenciesMs, 50).toFixed(1),
      percentile(r.latenciesMs, 99).toFixed(1),
      fmtCounts(r.statuses),
    ];
    const rows = [row(`create (POST, ${(upload.length / (1 << 20)).toFixed(2)} MiB JSONL)`, create)];
    if (retrieve) rows.push(row('retrieve (GET /v1/svc/twins/{id})', retrieve));
    process.stdout.write(
      '\n' +
        table(['phase', 'requests', 'concurrency', 'wall s', 'req/s', 'p50 ms', 'p99 ms', 'HTTP statuses'], rows) +
        '\n',
    );
    if (create.firstError) process.stdout.write(`  first create error: ${create.firstError}\n`);
    if (retrieve?.firstError) process.stdout.write(`  first retrieve error: ${retrieve.firstError}\n`);
    process.stdout.write(
      `\nWhen the create phase ended: ${pending} of ${ids.length} twins still queued or running (${fmtCounts(atCreateEnd)}).\n` +
        `Drain: the last of them ended ${drainS.toFixed(1)} s after the create phase (retrieve phase included); ${fmtCounts(ended)}.\n` +
        (smallMs.length > 0
          ? `Pseudonymiser per ${(upload.length / (1 << 20)).toFixed(2)} MiB twin (server log, ${smallMs.length} twins): ` +
            `p50 ${percentile(smallMs, 50).toFixed(0)} ms, p99 ${percentile(smallMs, 99).toFixed(0)} ms ` +
            `→ ${(upload.length / 1e6 / (percentile(smallMs, 50) / 1000)).toFixed(1)} MB/s at p50.\n`
          : ''),
    );
    if (big) {
      if (e2e === null) process.stdout.write(`\nEnd to end (${big.length} bytes): FAILED — ${e2eError}\n`);
      else {
        const erows = [
          ['upload (POST → 202)', e2e.uploadS.toFixed(2)],
          ['202 → status completed (polled every 100 ms)', e2e.waitS.toFixed(2)],
          ['  of which pseudonymiser (server log)', e2e.pseudonymiserS === null ? '—' : e2e.pseudonymiserS.toFixed(2)],
          ['content downloaded', e2e.downloadS.toFixed(2)],
          ['total', e2e.totalS.toFixed(2)],
        ];
        process.stdout.write(
          `\nEnd to end, one twin of ${big.length} bytes (${(big.length / (1 << 20)).toFixed(1)} MiB), on an otherwise idle server ` +
            `(load average ${e2e.load.toFixed(2)} before it):\n` +
            table(['step', 'seconds'], erows) +
            '\n' +
            `  ${(big.length / 1e6 / e2e.totalS).toFixed(1)} MB/s end to end` +
            (e2e.pseudonymiserS
              ? `, ${(big.length / 1e6 / e2e.pseudonymiserS).toFixed(1)} MB/s in the pseudonymiser`
              : '') +
            `; twin ${e2e.outBytes} bytes, same line count: ${e2e.sameLines ? 'yes' : 'NO'}` +
            (e2eError ? `; ${e2eError}` : '') +
            '\n' +
            (e2e.peakRssBytes === null
              ? '  server peak memory: not measurable here (needs Linux /proc)\n'
              : `  server memory (API, worker and pool thread in one process): ${mib(e2e.rssBeforeBytes)} MiB resident ` +
                `before the upload, peak ${mib(e2e.peakRssBytes)} MiB during it (VmHWM): ` +
                `+${mib(e2e.peakRssBytes - (e2e.rssBeforeBytes ?? e2e.peakRssBytes))} MiB for the twin\n`),
        );
      }
    }
    process.stdout.write(
      `\n(MB = 10^6 bytes. Latency is from the request's start to its whole answer read; req/s = requests / phase wall time.\n` +
        ` The pseudonymiser figure is the server's own measure of the run (its \`twinned\` log line): the run in its worker\n` +
        ` thread plus writing the twin to the blob store; reading the upload is excluded. Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}.)\n`,
    );
  } catch (err) {
    process.stderr.write(`bench:api: ${err instanceof Error ? err.message : String(err)}\n`);
    if (server) process.stderr.write(`--- serve stderr (tail) ---\n${server.stderrTail()}\n`);
    process.exitCode = 1;
  } finally {
    if (server) {
      process.stdout.write(`Server stopped: ${await stopServer(server)}.\n`);
    }
    if (o.keep) process.stdout.write(`Kept ${tmp}\n`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
